import CommandLineKit
import JWTCheckCLI

CommandRunner.finish(JWTCheckTool().run(Array(CommandLine.arguments.dropFirst())))
