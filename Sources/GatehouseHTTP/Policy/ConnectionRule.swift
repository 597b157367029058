/// Which addresses one exchange may connect to. The transfer applies it to every address libcurl is about to open
/// a socket to, so the decision is made on the address actually connected to, not on how the URL spells it.
///
/// - An unspecified address (0.0.0.0/8, `::`, and their IPv6 forms) is refused always, for the server and for a
///   proxy alike: Linux connects it to this machine.
/// - Plain http connects only to this machine (the URL policy already admits it only for a host written as
///   loopback; this holds whatever that name resolves to).
/// - After a redirect from a server that was not on this machine, no address of this machine may be connected to
///   (loopback, or one of its own interfaces' addresses), whatever name the redirect used (a DNS name that answers
///   127.0.0.1).
/// - Through a proxy the address is the proxy's, chosen by whoever configured it: only the first rule applies,
///   and the proxy resolves the server's name itself, out of this process's sight.
struct ConnectionRule: Sendable {
    /// Why an address was refused.
    enum Refusal: Sendable, Equatable {
        /// The address is unspecified.
        case unspecified
        /// The address is this machine's (loopback or an own interface's), and the exchange follows a redirect
        /// from a server that was not.
        case loopbackAfterPublic
        /// The exchange is plain http and the address is not this machine's.
        case plainHTTPNotLoopback
        /// The address is neither IPv4 nor IPv6 (libcurl opens no other kind for http, so this fails closed).
        case unknownFamily
    }

    /// What is being connected, for messages: the URL, or "redirect (302) from A to B".
    var subject: String
    /// The host being connected to, for messages.
    var host: String
    /// Plain http: every address must be this machine's.
    var requiresLoopback: Bool
    /// The exchange follows a redirect from a server that was not on this machine: no address of this machine.
    var forbidsLoopback: Bool
    /// The proxy every connection of the exchange goes to, or `nil` for a direct connection.
    var proxy: String?

    /// Judges an address.
    /// - Parameter addressClass: the class of the address libcurl is about to connect to.
    /// - Returns: `nil` to connect, or why not.
    func refusal(for addressClass: AddressClass) -> Refusal? {
        if addressClass == .unspecified { return .unspecified }
        if proxy != nil { return nil }
        if requiresLoopback && !addressClass.isThisMachine { return .plainHTTPNotLoopback }
        if forbidsLoopback && addressClass.isThisMachine { return .loopbackAfterPublic }
        return nil
    }

    /// The reason of the error for a refused address.
    /// - Parameters:
    ///   - refusal: why it was refused.
    ///   - address: the address as text, or `nil` when it is neither IPv4 nor IPv6.
    ///   - addressClass: its class, when it is IPv4 or IPv6.
    ///   - family: its address family, for the other case.
    /// - Returns: the reason, naming what was connected, the address and the rule.
    func reason(for refusal: Refusal, address: String?, addressClass: AddressClass?, family: Int32) -> String {
        let target = proxy.map { "the proxy \($0)" } ?? host
        let cause: String
        switch (refusal, address) {
        case (.unspecified, let address?):
            cause = "\(target) resolved to \(address), \(URLPolicy.unspecifiedExplanation)"
        case (.loopbackAfterPublic, let address?):
            let what = (addressClass ?? .loopback).description
            cause = "\(target) resolved to \(address), \(what), and \(URLPolicy.publicRedirectExplanation)"
        case (.plainHTTPNotLoopback, let address?):
            cause =
                "\(target) resolved to \(address), which is not a loopback address, and plain http is allowed only to"
                + " loopback: use https"
        default:
            cause = "\(target) resolved to an address of family \(family), neither IPv4 nor IPv6"
        }
        return "\(subject) refused: \(cause); no connection was made"
    }
}
