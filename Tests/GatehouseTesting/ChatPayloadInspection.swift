import Foundation

/// An independent reading of the chat services' text rules, to check a notification payload from outside: which
/// texts are active markup (a mention, a link, an entity, Markdown) and what each text shows. Used by the channel
/// tests and the `chat-payload` fuzz target; it shares no code with the escaping it checks.
public enum ChatPayloadInspection {
    /// A chat service's text format.
    public enum Format: Sendable, CaseIterable {
        /// Slack: `&`, `<`, `>` are control characters; only `&amp;`, `&lt;`, `&gt;` are decoded.
        case slack
        /// Discord's Markdown (and mentions in `<…>` and `@everyone`).
        case discord
        /// Teams' Adaptive Card Markdown.
        case teams
    }

    /// The members that carry text in the three payloads (Slack `text`; Discord `content`, embed `title`, field
    /// `name` and `value`; Teams `text`, fact `title` and `value`).
    static let textMembers: Set<String> = ["text", "content", "title", "name", "value"]

    /// Everything wrong with a payload body: not a JSON object; a text member with active markup; Discord's
    /// `allowed_mentions.parse` not empty; a Slack `mrkdwn` object not `verbatim`.
    /// - Parameters:
    ///   - body: the request body.
    ///   - format: the channel's format.
    /// - Returns: one line per problem (empty when there is none), and the shown form of every text member.
    public static func inspect(_ body: [UInt8], as format: Format) -> (problems: [String], shown: [String]) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return (["not a JSON object: \(String(decoding: body, as: UTF8.self))"], [])
        }
        var problems: [String] = []
        var shown: [String] = []
        walk(object, path: "") { path, member, value in
            if let text = value as? String, textMembers.contains(member) {
                problems += activeMarkup(in: text, as: format).map { "\(path): \($0) in \(text.debugDescription)" }
                shown.append(self.shown(text, as: format))
            }
            if format == .slack, let object = value as? [String: Any], object["type"] as? String == "mrkdwn",
                object["verbatim"] as? Bool != true
            {
                problems.append("\(path): a mrkdwn object that is not verbatim")
            }
        }
        if format == .discord {
            let parse = (object["allowed_mentions"] as? [String: Any])?["parse"] as? [Any]
            if parse?.isEmpty != true { problems.append("allowed_mentions.parse is not an empty list") }
        }
        return (problems, shown)
    }

    /// The active constructs in one text: for Slack any `<` or `>` and any `&` that starts no `&amp;`, `&lt;` or
    /// `&gt;`; for Markdown any ASCII punctuation not escaped by a backslash (the payload's own `**…**` around a
    /// whole text aside), and a colon right before `//` (a bare URL) once escapes are read.
    /// - Parameters:
    ///   - text: the text as sent.
    ///   - format: its format.
    /// - Returns: a description of each.
    public static func activeMarkup(in text: String, as format: Format) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        switch format {
        case .slack:
            for (index, scalar) in scalars.enumerated() {
                if scalar == "<" || scalar == ">" { found.append("unescaped \(scalar) at \(index)") }
                if scalar == "&" {
                    // Scalars, not Characters: a combining mark after the ';' makes one Character of the two, and
                    // String.hasPrefix would then miss the escape.
                    let rest = scalars[index...].prefix(5)
                    if !["&amp;", "&lt;", "&gt;"].contains(where: { rest.starts(with: $0.unicodeScalars) }) {
                        found.append("an & that is no escape at \(index)")
                    }
                }
            }
        case .discord, .teams:
            var body = scalars[...]
            if body.starts(with: "**".unicodeScalars), body.count >= 4,
                body.suffix(2).elementsEqual("**".unicodeScalars)
            {
                body = body.dropFirst(2).dropLast(2)
            }
            var index = body.startIndex
            while index < body.endIndex {
                let scalar = body[index]
                if scalar == "\\", index + 1 < body.endIndex, isASCIIPunctuation(body[index + 1]) {
                    index += 2
                    continue
                }
                if isASCIIPunctuation(scalar) { found.append("unescaped \(scalar) at \(index)") }
                index += 1
            }
            // A client links `scheme://` in the text as rendered, escapes read (their backslashes gone) and U+200B kept.
            if String(String.UnicodeScalarView(scalars.filter { $0 != "\\" })).contains("://") {
                found.append("a bare URL")
            }
        }
        return found
    }

    /// What a text shows: Slack's three entities decoded; for Markdown, backslash escapes read and the U+200B that
    /// follows an escaped colon dropped (it is invisible).
    /// - Parameters:
    ///   - text: the text as sent.
    ///   - format: its format.
    /// - Returns: the text as shown.
    public static func shown(_ text: String, as format: Format) -> String {
        switch format {
        case .slack:
            // By scalars, as activeMarkup reads them: a combining mark after an entity's ';' is not part of it.
            var result = String.UnicodeScalarView()
            var rest = Substring(text).unicodeScalars
            while let first = rest.first {
                if let entity = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")].first(where: {
                    rest.starts(with: $0.0.unicodeScalars)
                }) {
                    result.append(contentsOf: entity.1.unicodeScalars)
                    rest = rest.dropFirst(entity.0.unicodeScalars.count)
                } else {
                    result.append(first)
                    rest = rest.dropFirst()
                }
            }
            return String(result)
        case .discord, .teams:
            var result = String.UnicodeScalarView()
            let scalars = Array(text.unicodeScalars)
            var index = 0
            while index < scalars.count {
                if scalars[index] == "\\", index + 1 < scalars.count, isASCIIPunctuation(scalars[index + 1]) {
                    result.append(scalars[index + 1])
                    index +=
                        scalars[index + 1] == ":" && index + 2 < scalars.count && scalars[index + 2] == "\u{200B}"
                        ? 3 : 2
                    continue
                }
                result.append(scalars[index])
                index += 1
            }
            return String(result)
        }
    }

    /// CommonMark's ASCII punctuation (section 2.1).
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (33...47 ~= scalar.value || 58...64 ~= scalar.value || 91...96 ~= scalar.value
                || 123...126 ~= scalar.value)
    }

    /// Calls `visit` with every member of every object, depth first.
    private static func walk(_ value: Any, path: String, _ visit: (String, String, Any) -> Void) {
        if let object = value as? [String: Any] {
            for (member, child) in object.sorted(by: { $0.key < $1.key }) {
                visit("\(path).\(member)", member, child)
                walk(child, path: "\(path).\(member)", visit)
            }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() { walk(child, path: "\(path)[\(index)]", visit) }
        }
    }
}
