import CommandLineKit
import JWTCheckCLI
import ReviewCLI
import ReviewLog

/// The command-line targets: the pure parsers of `jwtcheck` and `review` over arguments split at NUL bytes, and
/// the texts written from their declarations (help, man page, completion scripts) when a command line asks for one.
enum CommandLineFuzzing {
    static func runJWTCheck(_ input: UnsafeRawBufferPointer) {
        switch try? JWTCheckParser.parse(FuzzInput.arguments(input)) {
        case .help(let subcommand): _ = HelpText.text(for: subcommand)
        case .appleHelp(let subcommand): _ = AppleHelpText.text(for: subcommand)
        case .manual: _ = HelpText.manPage
        case .completion(let shell): _ = HelpText.completionScript(for: shell)
        default: break
        }
    }

    static func runReview(_ input: UnsafeRawBufferPointer) {
        let invocation = try? ReviewParser.parse(
            FuzzInput.arguments(input), now: Timestamp(secondsSince1970: 1_700_000_000))
        switch invocation?.command {
        case .help(let topic): _ = ReviewHelp.text(for: topic)
        case .manual: _ = ReviewHelp.manPage
        case .completion(let shell): _ = ReviewHelp.completionScript(for: shell)
        default: break
        }
    }
}
