import CommandLineKit
import ReviewCLI

CommandRunner.finish(CommandOutput(status: .usage, standardError: "review: not built yet\n"))
