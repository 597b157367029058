import CommandLineKit
import ReviewCLI

// Apart from CommandLineFuzzing.swift, which imports JWTCheckCLI: both tools have a `CompletionCommand`.
extension CommandLineFuzzing {
    static func runReview(_ input: UnsafeRawBufferPointer) {
        let arguments = FuzzInput.arguments(input)
        let help = ReviewCommand.help
        let request: CommandRequest<ReviewEnvironment>?
        do {
            request = try ReviewCommand.parse(arguments)
        } catch {
            request = nil
            let output = CommandOutput(status: error.status, standardError: "review: \(error.message)\n").forTerminal
            trapOnControl(output.standardError, keeping: ["\n"], "a usage error")
        }
        for argument in arguments { checkOutputRules(argument) }
        switch request {
        case .help(let path): _ = help.text(for: Array(path.dropFirst()))
        case .manual: _ = help.manPage
        case .run(let completion as CompletionCommand): _ = help.completionScript(for: completion.shell)
        case .run(let topic as HelpCommand): _ = help.text(for: topic.topic.map { [$0] } ?? [])
        default: break
        }
    }
}
