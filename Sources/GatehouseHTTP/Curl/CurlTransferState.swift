internal import CCurlLoader

/// What the libcurl callbacks of one transfer collect: the body (up to the cap), the header lines of the last
/// response, why the transfer was aborted, if it was, and the addresses connected to or refused. Used only on the
/// transfer thread; the callbacks reach it through an unretained pointer while `curl_easy_perform` runs.
final class CurlTransferState {
    /// Why a callback stopped the transfer.
    enum Abort {
        case bodyTooLarge(received: Int)
        case headersTooLarge(received: Int)
        case cancelled
    }

    /// An address the connection rule refused.
    struct RefusedAddress {
        /// The address, or `nil` when it was neither IPv4 nor IPv6.
        var peer: PeerAddress?
        /// Its class, when it is IPv4 or IPv6.
        var addressClass: AddressClass?
        /// The address family libcurl gave.
        var family: Int32
        /// Why.
        var refusal: ConnectionRule.Refusal
    }

    let maxBytes: Int
    /// Whether body bytes are kept, or only counted against `maxBytes` (``HTTPRequest/ResponseBody/ignored``).
    let keepsBody: Bool
    let cancellation: CancellationFlag
    let rule: ConnectionRule
    let classifyPeer: PeerClassifier
    var body: [UInt8] = []
    var bodyBytes = 0
    var headers = HTTPHeaders()
    var headerBytes = 0
    var abort: Abort?
    /// The first address refused, if any.
    var refused: RefusedAddress?
    /// The classes of the addresses sockets were opened to.
    var admittedClasses: [AddressClass] = []

    init(
        maxBytes: Int, keepsBody: Bool = true, cancellation: CancellationFlag, rule: ConnectionRule,
        classifyPeer: @escaping PeerClassifier
    ) {
        self.maxBytes = maxBytes
        self.keepsBody = keepsBody
        self.cancellation = cancellation
        self.rule = rule
        self.classifyPeer = classifyPeer
    }

    /// Judges an address libcurl is about to open a socket to, remembering the first refusal.
    /// - Parameters:
    ///   - peer: the address, or `nil` when it is neither IPv4 nor IPv6 (always refused).
    ///   - family: its family, for messages.
    /// - Returns: whether to open the socket.
    func admit(_ peer: PeerAddress?, family: Int32) -> Bool {
        let refusal: ConnectionRule.Refusal
        let addressClass = peer.map(classifyPeer)
        if let addressClass {
            guard let refused = rule.refusal(for: addressClass) else {
                admittedClasses.append(addressClass)
                return true
            }
            refusal = refused
        } else {
            refusal = .unknownFamily
        }
        if refused == nil {
            refused = RefusedAddress(peer: peer, addressClass: addressClass, family: family, refusal: refusal)
        }
        return false
    }

    /// Whether the server of this exchange was reached on this machine: a direct connection, and every address a
    /// socket was opened to is loopback or one of this machine's own. Through a proxy the server's address is
    /// unknown, so it is not.
    var reachedOnlyLoopback: Bool {
        rule.proxy == nil && !admittedClasses.isEmpty && admittedClasses.allSatisfy(\.isThisMachine)
    }

    /// Appends body bytes (or only counts them, when the body is not kept), or records that the cap would be
    /// exceeded.
    /// - Returns: whether the bytes were taken.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bodyBytes + bytes.count <= maxBytes else {
            abort = .bodyTooLarge(received: bodyBytes + bytes.count)
            return false
        }
        bodyBytes += bytes.count
        if keepsBody { body.append(contentsOf: bytes) }
        return true
    }

    /// Takes one header line as libcurl delivers it (a status line, a field line, or the blank line).
    /// - Returns: whether the line was taken.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= maxBytes else {
            abort = .headersTooLarge(received: headerBytes)
            return false
        }
        var length = bytes.count
        while length > 0, bytes[length - 1] == 0x0A || bytes[length - 1] == 0x0D { length -= 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response (after a 1xx interim one): only the final response's fields are kept.
            headers = HTTPHeaders()
        } else if let first = line.first, first == " " || first == "\t" {
            // obs-fold (RFC 9112 section 5.2): a continuation of the previous field's value.
            headers.continueLastValue(Self.trimmed(Substring(line)))
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            headers.add(name: name, value: value)
        }
        return true
    }

    /// Whether the transfer should stop because the task was cancelled.
    func shouldCancel() -> Bool {
        guard cancellation.isCancelled else { return false }
        abort = .cancelled
        return true
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

@available(*, unavailable)
extension CurlTransferState: Sendable {}

/// The C callbacks. Each reaches its `CurlTransferState` through the context pointer libcurl passes back.
enum CurlCallbacks {
    /// `CURLOPT_WRITEFUNCTION`: returning fewer bytes than given makes libcurl stop with `CURLE_WRITE_ERROR`.
    static let body: gatehouse_curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let context, length > 0 else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_HEADERFUNCTION`: called once per complete header line.
    static let header: gatehouse_curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_OPENSOCKETFUNCTION`: called with the address before each socket is created, so an address the
    /// connection rule refuses is never connected to: no SYN, no TLS ClientHello, no request byte. Returning
    /// `CURL_SOCKET_BAD` fails that address (libcurl tries the next one, if the name had several, and ends with
    /// `CURLE_COULDNT_CONNECT`). This is earlier than `CURLOPT_PREREQFUNCTION` or `CURLINFO_PRIMARY_IP`, which
    /// see the address only once the connection (and the TLS handshake) is made.
    static let openSocket: gatehouse_curl_opensocket_callback = { context, _, address in
        guard let context, let address else { return CURL_SOCKET_BAD }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        guard state.admit(CurlSocket.peer(address), family: CurlSocket.family(address)) else { return CURL_SOCKET_BAD }
        return CurlSocket.open(address)
    }

    /// `CURLOPT_XFERINFOFUNCTION`: called at least once a second; non-zero aborts (`CURLE_ABORTED_BY_CALLBACK`).
    static let progress: gatehouse_curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 0 }
        let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
        return state.shouldCancel() ? 1 : 0
    }
}
