import CommandLineKit
import JWTCheckCLI

CommandRunner.finish(await JWTCheckTool().perform(Array(CommandLine.arguments.dropFirst())))
