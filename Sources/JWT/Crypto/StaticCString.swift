/// A NUL-terminated C string in static storage, for OpenSSL functions that keep the pointer instead of copying it
/// (`OSSL_ENCODER_CTX_new_for_pkey` and `OSSL_DECODER_CTX_new_for_pkey` store their type and structure names,
/// `OSSL_PARAM_construct_*` store the key name). A Swift `String` passed to them would be a temporary copy that
/// dangles once the call returns.
/// - Parameter literal: a string literal (compiled as a NUL-terminated UTF-8 C string).
/// - Returns: a pointer valid for the life of the process.
func staticCString(_ literal: StaticString) -> UnsafePointer<CChar> {
    precondition(literal.hasPointerRepresentation, "a C string needs a pointer literal, not a scalar")
    return UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
}
