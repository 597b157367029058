import CommandLineKit
import JWTCheckCLI

CommandRunner.finish(CommandOutput(status: .usage, standardError: "jwtcheck: not built yet\n"))
