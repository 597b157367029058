/// Ways of reading a fuzz input as the arguments the parsers take.
enum FuzzInput {
    /// The bytes as text; invalid UTF-8 is replaced by U+FFFD, as `String(decoding:as:)` does.
    static func text(_ input: UnsafeRawBufferPointer) -> String {
        String(decoding: input, as: UTF8.self)
    }

    /// The bytes split at NUL into command-line arguments (argv cannot hold NUL, so NUL is the natural separator).
    static func arguments(_ input: UnsafeRawBufferPointer) -> [String] {
        if input.isEmpty { return [] }
        return input.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
