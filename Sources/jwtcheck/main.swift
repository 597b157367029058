import CommandLineKit
import JWT
import JWTCheckCLI

// Process start-up and exit (issue 5 and library-ergonomics item 6): OpenSSL's exit handler frees what the kernel
// reclaims anyway (see OpenSSLExitCleanup); commands that need no network run synchronously, so no concurrency
// threads are started.
OpenSSLExitCleanup.skip()
let arguments = Array(CommandLine.arguments.dropFirst())
let tool = JWTCheckTool()
if tool.needsNetwork(arguments) {
    CommandRunner.finish(await tool.perform(arguments))
}
CommandRunner.finish(tool.run(arguments))
