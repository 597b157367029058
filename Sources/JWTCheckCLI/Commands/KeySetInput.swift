import CommandLineKit
import JWT

/// Reads a JWKS file: a missing file is `.noInput` (66), a document that is not a JWKS is `.dataError` (65).
enum KeySetInput {
    static func read(_ path: String) throws(CommandFailure) -> JWKSet {
        let bytes = try InputFile.read(path, role: "key set", maxBytes: JWKSet.maximumDocumentBytes)
        do {
            return try JWKSet(jwksJSON: bytes)
        } catch let error as JWTError {
            throw CommandFailure(
                ExitStatus(error, judging: .input), "the key set '\(path)' is not a JWKS document: \(error.reason)")
        } catch {
            throw CommandFailure(.dataError, "the key set '\(path)' is not a JWKS document: \(error)")
        }
    }
}
