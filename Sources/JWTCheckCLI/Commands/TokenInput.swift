import CommandLineKit

/// Reads the TOKEN argument: taken exactly when given inline; trimmed when read from a file or standard input.
enum TokenInput {
    /// Files and standard input larger than this are refused before parsing (the verifier's own limit is smaller).
    static let maxBytes = 1 << 20

    /// The token text.
    /// - Parameter what: what the input is, for the messages ("token": "the token file", "token rejected").
    /// - Throws: `.noInput` for a missing or unreadable file; `.negative` for input over `maxBytes`.
    static func read(
        _ source: TokenSource, environment: ToolEnvironment, what: String = "token"
    ) throws(CommandFailure) -> String {
        switch source {
        case .literal(let text):
            return text
        case .file(let path):
            do {
                return InputFile.trimmedText(try InputFile.read(path, role: "\(what) file", maxBytes: maxBytes))
            } catch  where error.status == .dataError {
                throw CommandFailure(.negative, "\(what) rejected: \(error.message)")
            }
        case .standardInput:
            guard let bytes = environment.readStandardInput(maxBytes) else {
                throw CommandFailure(.negative, "\(what) rejected: standard input is larger than \(maxBytes) bytes")
            }
            return InputFile.trimmedText(bytes)
        }
    }
}
