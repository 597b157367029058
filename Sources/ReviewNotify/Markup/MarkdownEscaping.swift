/// The escaping of the Markdown dialects Discord and Teams render: a backslash before every ASCII punctuation
/// character (CommonMark 0.31 section 2.4: any of them may be backslash-escaped, and then stands for itself), which
/// covers emphasis, code, headers, quotes, lists, masked links `[label](url)`, autolinks `<https://…>`, entities and,
/// on Discord, `<@id>`, `<#id>`, `<t:…>` and `@everyone`. A bare URL is linked by the clients without Markdown, and a
/// backslash does not unlink it, so a colon is also followed by U+200B ZERO WIDTH SPACE: `https:` then `//…` is no
/// URL, and it shows as typed.
enum MarkdownEscaping {
    /// CommonMark's ASCII punctuation characters (section 2.1): `!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`.
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    /// The escaped form of one scalar.
    /// - Returns: `\` before ASCII punctuation (and U+200B after a colon); the scalar itself otherwise.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        guard isASCIIPunctuation(scalar) else { return String(scalar) }
        return scalar == ":" ? "\\:\u{200B}" : "\\" + String(scalar)
    }
}
