/// Test-only stand-ins for what the network answers, so the loopback rule can be exercised end to end with
/// loopback servers: DNS answers pinned per host and port (`CURLOPT_RESOLVE`, `host:port:address`, as a hostile
/// DNS server would answer), and which addresses count as loopback (to play a public server on a loopback port).
/// Production uses `standard`: real DNS, real classification.
struct NetworkOverrides: Sendable {
    /// `host:port:address` entries.
    var resolve: [String] = []
    /// Classifies each address about to be connected to.
    var classifyPeer: PeerClassifier = { $0.standardClass }

    /// Real DNS and the real classification.
    static let standard = NetworkOverrides()
}
