import Synchronization

/// What a verifier decided from a header it accepted: the header, the algorithm, the key and why that key.
///
/// Everything here is a function of the header segment's bytes and of the verifier's own key set and options,
/// which never change: a later token whose header segment is byte-identical gets the same header (base64url is
/// canonical, RFC 7515 section 2, so equal text is equal JSON), the same `crit` and `alg` verdicts and the same key.
/// Reusing the decision skips the header's decode, parse and key choice, about a tenth of a verification's time
/// outside the signature. The signature, the payload and the claims are always checked anew.
final class AcceptedHeader: Sendable {
    /// The header segment as it appears in the token: base64url text, compared byte for byte.
    let segment: [UInt8]
    let header: JWSHeader
    let algorithm: JWSAlgorithm
    let key: JWK
    let keySelection: KeySelectionReason

    /// The longest header segment remembered. A key set's tokens carry a short header (Apple's is 60 characters);
    /// the bound keeps an odd long one from being held for the verifier's life.
    static let maximumSegmentBytes = 512

    init(
        segment: UnsafeRawBufferPointer, header: JWSHeader, algorithm: JWSAlgorithm, key: JWK,
        keySelection: KeySelectionReason
    ) {
        self.segment = Array(segment)
        self.header = header
        self.algorithm = algorithm
        self.key = key
        self.keySelection = keySelection
    }

    /// Whether `segment` holds exactly these bytes (a header segment is some 60 bytes: a plain comparison).
    func matches(_ segment: UnsafeRawBufferPointer) -> Bool {
        segment.count == self.segment.count && segment.elementsEqual(self.segment)
    }
}

/// One verifier's memo: the header of the first token it accepted, set once (only after that token's signature
/// verified, so a forged token is never remembered) and read without a lock on every verification.
///
/// The slot is an `Atomic<UInt>` holding the remembered object's address, retained by the memo until it goes:
/// `AtomicLazyReference.load()`, the library's set-once reference, ran as unspecialized generic code here, with a
/// metadata lookup on every call, a twentieth of a verification's time outside the signature.
final class AcceptedHeaderMemo: Sendable {
    private let address = Atomic<UInt>(0)

    var accepted: AcceptedHeader? {
        let bits = address.load(ordering: .acquiring)
        guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<AcceptedHeader>.fromOpaque(pointer).takeUnretainedValue()
    }

    func remember(_ make: () -> AcceptedHeader) {
        guard address.load(ordering: .relaxed) == 0 else { return }
        let retained = Unmanaged.passRetained(make())
        let (exchanged, _) = address.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .relaxed)
        // Another verification remembered its header first: keep that one.
        if !exchanged { retained.release() }
    }

    deinit {
        let bits = address.load(ordering: .acquiring)
        if bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
            Unmanaged<AcceptedHeader>.fromOpaque(pointer).release()
        }
    }
}
