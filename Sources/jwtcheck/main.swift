import CommandLineKit
import JWTCheckCLI

// Commands that need no network run synchronously: no concurrency threads are started (process start-up time).
let arguments = Array(CommandLine.arguments.dropFirst())
let tool = JWTCheckTool()
if tool.needsNetwork(arguments) {
    CommandRunner.finish(await tool.perform(arguments))
}
CommandRunner.finish(tool.run(arguments))
