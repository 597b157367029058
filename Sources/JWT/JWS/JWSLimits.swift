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

    /// The values `JWTValidationOptions` accepts for each limit: a token of up to 16 MiB, nesting up to 256 (the JSON
    /// parser recurses once per level, so a deeper limit could exhaust a thread's stack on a hostile token), up to
    /// 65536 members per object.
    public static let allowedRange = (
        tokenBytes: 16...(16 << 20), nestingDepth: 1...256, objectMembers: 1...65_536
    )

    /// Why these limits are not usable, or nil.
    var defect: String? {
        let range = Self.allowedRange
        if !range.tokenBytes.contains(maxTokenBytes) {
            return "maxTokenBytes is \(maxTokenBytes); it must be in \(range.tokenBytes)"
        }
        if !range.nestingDepth.contains(maxNestingDepth) {
            return "maxNestingDepth is \(maxNestingDepth); it must be in \(range.nestingDepth)"
        }
        if !range.objectMembers.contains(maxObjectMembers) {
            return "maxObjectMembers is \(maxObjectMembers); it must be in \(range.objectMembers)"
        }
        return nil
    }
}
