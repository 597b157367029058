import ReviewLog

/// Text in one chat format, as a payload sends it: the payload's own markup, written as string literals in the
/// source, and values, each escaped by `Format` however it was interpolated. There is no initialiser from a
/// `String`, so a payload's text cannot hold an unescaped value:
///
///     let field: ChatMarkup<SlackFormat> = "*\(label)*\n\(value)"   // label and value escaped, the *s kept
///
/// It is kept as pieces (one literal, or one escaped character of a value), so that ``cut(_:)`` never splits an
/// escape.
struct ChatMarkup<Format: ChatFormat>: Sendable, ExpressibleByStringInterpolation {
    /// The pieces, in order: each literal whole, each character of a value escaped.
    private var pieces: [String]

    init(stringLiteral literal: StaticString) { pieces = [literal.description] }

    init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    private init(pieces: [String]) { self.pieces = pieces }

    /// Collects a literal's parts: the literals as written, the values escaped.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var pieces: [String] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            if literal.utf8CodeUnitCount > 0 { pieces.append(literal.description) }
        }

        /// A value: every Unicode scalar escaped, one piece per character.
        mutating func appendInterpolation(_ value: String) {
            for character in value {
                pieces.append(character.unicodeScalars.map(Format.escaped).joined())
            }
        }

        /// Markup already built (its values escaped once, not twice).
        mutating func appendInterpolation(_ markup: ChatMarkup) { pieces += markup.pieces }
    }

    /// The text.
    var text: String { pieces.joined() }

    /// The text as a JSON string.
    var json: String { JSONText.string(text) }

    /// The markup cut to at most `limit` characters, with "…" as the last one when cut (the services refuse longer
    /// fields rather than cut them), at a piece boundary: never inside an escape or a literal.
    /// - Parameter limit: the service's limit, in characters.
    /// - Returns: the markup, cut where needed.
    func cut(_ limit: Int) -> ChatMarkup {
        guard text.count > limit else { return self }
        var kept: [String] = []
        var count = 0
        for piece in pieces {
            count += piece.count
            guard count <= limit - 1 else { break }
            kept.append(piece)
        }
        return ChatMarkup(pieces: kept + ["…"])
    }
}
