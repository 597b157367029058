import CommandLineKit
import JWTCheckCLI

CommandRunner.finish(await JWTCheckTool().run(Array(CommandLine.arguments.dropFirst())))
