import CommandLineKit
import JWTCheckCLI
import ReviewCLI
import ReviewLog

/// The command-line targets: the pure parsers of `jwtcheck` and `review` over arguments split at NUL bytes.
enum CommandLineFuzzing {
    static func runJWTCheck(_ input: UnsafeRawBufferPointer) {
        _ = try? JWTCheckParser.parse(FuzzInput.arguments(input))
    }

    static func runReview(_ input: UnsafeRawBufferPointer) {
        _ = try? ReviewParser.parse(FuzzInput.arguments(input), now: Timestamp(secondsSince1970: 1_700_000_000))
    }
}
