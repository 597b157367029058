internal import GatehouseCore

/// A JSON object with its members in document order and unique member names.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// One member: its name and value.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public let name: String
        /// The member value.
        public let value: JSONValue

        /// Creates a member.
        /// - Parameters:
        ///   - name: the member name.
        ///   - value: the member value.
        public init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// The members, in document order.
    public let members: [Member]

    /// Creates an object from members whose names are unique.
    /// - Parameter members: the members, in order.
    /// - Precondition: no two members share a name (the parser guarantees this for parsed objects).
    public init(members: [Member]) {
        self.members = members
    }

    /// The value of the member named exactly `name` (the same code points: `ExactString`, RFC 7515 section 5.2),
    /// or nil.
    public subscript(name: String) -> JSONValue? {
        // By index: `for member in members` would copy (retain) every member passed over.
        for index in members.indices where ExactString.equal(members[index].name, name) { return members[index].value }
        return nil
    }

    /// The member names, in order.
    public var names: [String] { members.map(\.name) }

    /// The number of members.
    public var count: Int { members.count }

    /// Iterates the members in order.
    /// - Returns: an iterator over the members.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}
