/// Why a key was chosen from a key set for a token.
public enum KeySelectionReason: Sendable, Hashable, CustomStringConvertible {
    /// The token's `kid` header named this key.
    case keyID(String)
    /// The token has no `kid` and the set holds exactly one usable key.
    case onlyUsableKey

    /// A short explanation.
    public var description: String {
        switch self {
        case .keyID(let kid): "selected by the token's kid \"\(kid)\""
        case .onlyUsableKey: "the token has no kid and this is the only usable key in the set"
        }
    }
}
