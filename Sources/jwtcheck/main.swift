import CommandLineKit
import JWT
import JWTCheckCLI

// Process start-up and exit (issue 5 and library-ergonomics item 6): OpenSSL's exit handler frees what the kernel
// reclaims anyway (see OpenSSLExitCleanup); the command line is parsed once, and a command that needs no network
// runs synchronously, so no concurrency threads are started.
OpenSSLExitCleanup.skip()
let invocation = CommandInvocation<JWTCheckCommand>(Array(CommandLine.arguments.dropFirst()))
if invocation.execution != .synchronous {
    CommandRunner.finish(await invocation.perform(in: .system))
}
CommandRunner.finish(invocation.run(in: .system))
