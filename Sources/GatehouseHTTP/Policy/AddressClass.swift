/// What an IP address is to the URL policy: this machine's loopback, the unspecified address, or anything else.
///
/// The same classification is applied twice: to a host written as an address in a URL (`HostAddress`), before
/// anything is resolved, and to every address libcurl is about to open a socket to (`ConnectionRule`), which
/// catches every spelling and every name that the first look cannot see (a DNS answer, an internationalised
/// name that libcurl turns into `localhost`, a percent-encoded host).
enum AddressClass: Sendable, Equatable, CustomStringConvertible {
    /// IPv4 127.0.0.0/8 (RFC 1122 section 3.2.1.3) and IPv6 `::1` (RFC 4291 section 2.5.3), also when the IPv4
    /// address is written inside an IPv6 one: IPv4-mapped `::ffff:0:0/96` (RFC 4291 section 2.5.5.2), which a
    /// dual-stack socket connects over IPv4, and the deprecated IPv4-compatible `::/96` (section 2.5.5.1).
    case loopback
    /// IPv4 0.0.0.0/8 ("this host on this network", RFC 1122 section 3.2.1.3, never a destination) and IPv6 `::`
    /// (RFC 4291 section 2.5.2), with their mapped and compatible forms. Linux delivers a connection aimed at
    /// 0.0.0.0 or `::` to this machine itself, so these are loopback in all but name; they are always refused.
    case unspecified
    /// An address of one of this machine's own network interfaces that is not loopback (its LAN or public
    /// address): Linux delivers a connection to it locally, to every service listening on 0.0.0.0 or `::`. Only
    /// the address connected to can show it (`LocalInterfaces`); the rules treat it as loopback.
    case ownInterface
    /// Every other address.
    case other

    /// Classifies an IPv4 address.
    /// - Parameter address: the address, most significant byte first (127.0.0.1 is 0x7F00_0001).
    /// - Returns: its class.
    static func ipv4(_ address: UInt32) -> AddressClass {
        switch address >> 24 {
        case 127: .loopback
        case 0: .unspecified
        default: .other
        }
    }

    /// Classifies an IPv6 address.
    /// - Parameter bytes: the 16 bytes in network order; any other count is `other`.
    /// - Returns: its class.
    static func ipv6(_ bytes: [UInt8]) -> AddressClass {
        guard bytes.count == 16 else { return .other }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) {
            switch bytes[15] {
            case 0: return .unspecified  // ::
            case 1: return .loopback  // ::1
            default: break
            }
        }
        let embedded = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let isMapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        let isCompatible = bytes[0..<12].allSatisfy { $0 == 0 }
        return isMapped || isCompatible ? ipv4(embedded) : .other
    }

    /// Whether a connection to the address reaches this machine itself: loopback, or one of its own interfaces.
    var isThisMachine: Bool { self == .loopback || self == .ownInterface }

    var description: String {
        switch self {
        case .loopback: "a loopback address"
        case .unspecified: "an unspecified address"
        case .ownInterface: "an address of this machine's own network interfaces"
        case .other: "an address that is not loopback"
        }
    }
}
