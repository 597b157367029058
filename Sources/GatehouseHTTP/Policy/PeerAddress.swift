/// An address libcurl is about to connect to, as the transfer reads it from libcurl before the socket exists.
struct PeerAddress: Sendable, Equatable {
    /// 4 bytes (IPv4) or 16 (IPv6), in network order.
    var bytes: [UInt8]
    /// The TCP port.
    var port: UInt16

    /// The address as text: `127.0.0.1`, `::1`, `::ffff:127.0.0.1`.
    var text: String { AddressText.text(bytes) }

    /// The address's class: loopback and unspecified by its bytes (IPv4-mapped and IPv4-compatible IPv6 addresses
    /// by the IPv4 address inside), `ownInterface` when one of this machine's interfaces has it.
    var standardClass: AddressClass { classified(ownAddresses: LocalInterfaces.addresses) }

    /// The address's class, given this machine's interface addresses.
    /// - Parameter ownAddresses: the addresses of this machine's interfaces (4 or 16 bytes each); called only for
    ///   an address that is neither loopback nor unspecified.
    /// - Returns: the class.
    func classified(ownAddresses: () -> [[UInt8]]) -> AddressClass {
        let byBytes =
            bytes.count == 4
            ? AddressClass.ipv4(bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) : AddressClass.ipv6(bytes)
        guard byBytes == .other else { return byBytes }
        let own = ownAddresses()
        return own.contains(bytes) || own.contains(embeddedIPv4) ? .ownInterface : .other
    }

    /// The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address; otherwise the bytes themselves.
    private var embeddedIPv4: [UInt8] {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }),
            (bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0)
        else { return bytes }
        return Array(bytes[12..<16])
    }
}

/// Classifies the address a connection is about to be made to. Production uses `PeerAddress.standardClass`;
/// tests substitute one that plays a public server on a loopback port.
typealias PeerClassifier = @Sendable (PeerAddress) -> AddressClass
