internal import COpenSSL

/// The single owner of an `OSSL_PARAM_BLD` and of everything pushed into it.
///
/// `OSSL_PARAM_BLD_push_*` store the caller's pointers (key names, strings, octets, BIGNUMs) and copy them only in
/// `OSSL_PARAM_BLD_to_param`, so those values must outlive the push calls: this class copies each one and frees
/// them all in `deinit`, after the parameters are built.
final class ParameterBuilder {
    private let builder: OpaquePointer
    private var buffers: [(pointer: UnsafeMutablePointer<UInt8>, count: Int)] = []
    private var numbers: [OpaquePointer] = []

    init() throws {
        guard let builder = OSSL_PARAM_BLD_new() else {
            throw OpenSSLError.error(.cryptoFailure, "cannot allocate an OSSL_PARAM_BLD")
        }
        self.builder = builder
    }

    deinit {
        OSSL_PARAM_BLD_free(builder)
        for number in numbers { BN_free(number) }
        for buffer in buffers {
            OPENSSL_cleanse(buffer.pointer, buffer.count)
            buffer.pointer.deallocate()
        }
    }

    /// Pushes an unsigned big-endian integer as a BIGNUM.
    func pushBigNumber(_ name: String, _ bytes: [UInt8]) throws {
        guard let number = bytes.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32($0.count), nil) }) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot allocate a BIGNUM for \(name)")
        }
        numbers.append(number)
        guard OSSL_PARAM_BLD_push_BN(builder, cString(name), number) == 1 else {
            throw OpenSSLError.error(.cryptoFailure, "cannot push the key parameter \(name)")
        }
    }

    /// Pushes a UTF-8 string.
    func pushUTF8(_ name: String, _ value: String) throws {
        guard OSSL_PARAM_BLD_push_utf8_string(builder, cString(name), cString(value), 0) == 1 else {
            throw OpenSSLError.error(.cryptoFailure, "cannot push the key parameter \(name)")
        }
    }

    /// Pushes an octet string.
    func pushOctets(_ name: String, _ bytes: [UInt8]) throws {
        let copy = copyBytes(bytes)
        guard OSSL_PARAM_BLD_push_octet_string(builder, cString(name), copy, bytes.count) == 1 else {
            throw OpenSSLError.error(.cryptoFailure, "cannot push the key parameter \(name)")
        }
    }

    /// Builds the parameter array (which copies every value).
    /// - Returns: the owned array.
    func build() throws -> ParameterArray {
        guard let parameters = OSSL_PARAM_BLD_to_param(builder) else {
            throw OpenSSLError.error(.cryptoFailure, "cannot build the OSSL_PARAM array")
        }
        return ParameterArray(taking: parameters)
    }

    private func copyBytes(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        pointer.initialize(repeating: 0, count: max(bytes.count, 1))
        if !bytes.isEmpty { pointer.update(from: bytes, count: bytes.count) }
        buffers.append((pointer, max(bytes.count, 1)))
        return pointer
    }

    private func cString(_ string: String) -> UnsafeMutablePointer<CChar> {
        let copy = copyBytes(Array(string.utf8) + [0])
        return UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self)
    }
}

/// The single owner of an `OSSL_PARAM` array built by `OSSL_PARAM_BLD_to_param`.
final class ParameterArray {
    let pointer: UnsafeMutablePointer<OSSL_PARAM>

    init(taking pointer: UnsafeMutablePointer<OSSL_PARAM>) {
        self.pointer = pointer
    }

    deinit {
        OSSL_PARAM_free(pointer)
    }
}
