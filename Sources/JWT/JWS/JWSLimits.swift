/// Size and nesting limits applied to a token before any work is done on it; they also bound the JSON parser's
/// recursion, so a hostile token cannot exhaust memory or the stack.
public struct JWSLimits: Sendable, Hashable {
    /// The longest compact token accepted, in bytes. Default 65536 (64 KiB).
    public var maxTokenBytes: Int
    /// The deepest nesting of JSON arrays/objects accepted in the header and the payload. Default 64.
    public var maxNestingDepth: Int
    /// The most members one JSON object (or elements one array) of the header or the payload may have. Default 1024.
    public var maxObjectMembers: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxTokenBytes: the longest token accepted, in bytes.
    ///   - maxNestingDepth: the deepest JSON nesting accepted.
    ///   - maxObjectMembers: the most members one JSON object or array may have.
    public init(maxTokenBytes: Int = 65536, maxNestingDepth: Int = 64, maxObjectMembers: Int = 1024) {
        self.maxTokenBytes = maxTokenBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxObjectMembers = maxObjectMembers
    }

    /// 64 KiB tokens, nesting depth 64, 1024 members per object.
    public static let `default` = JWSLimits()
}
