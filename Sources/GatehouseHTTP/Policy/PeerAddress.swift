/// An address libcurl is about to connect to, as the transfer reads it from libcurl before the socket exists.
struct PeerAddress: Sendable, Equatable {
    /// 4 bytes (IPv4) or 16 (IPv6), in network order.
    var bytes: [UInt8]
    /// The TCP port.
    var port: UInt16

    /// The address as text: `127.0.0.1`, `::1`, `::ffff:127.0.0.1`.
    var text: String { AddressText.text(bytes) }

    /// The address's class (IPv4-mapped and IPv4-compatible IPv6 addresses by the IPv4 address inside).
    var standardClass: AddressClass {
        bytes.count == 4
            ? AddressClass.ipv4(bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) : AddressClass.ipv6(bytes)
    }
}

/// Classifies the address a connection is about to be made to. Production uses `PeerAddress.standardClass`;
/// tests substitute one that plays a public server on a loopback port.
typealias PeerClassifier = @Sendable (PeerAddress) -> AddressClass
