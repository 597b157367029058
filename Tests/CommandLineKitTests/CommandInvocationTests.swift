import GatehouseCore
import GatehouseTesting
import Testing

@testable import CommandLineKit

/// The command protocol and its runner, on `SampleRoot`: parse, validate, run, a thrown error mapped to its status,
/// and what goes to each stream.
@Suite("ParsableCommand and CommandInvocation")
struct CommandInvocationTests {
    let context = SampleContext()

    func run(_ arguments: [String]) -> CommandOutput {
        CommandInvocation<SampleRoot>(arguments).run(in: context)
    }

    @Test("a command line parses to the command's value, read through its declared options")
    func parsesToTheCommand() throws {
        #expect(try SampleRoot.parse(["run", "x", "--count", "3"]) == .run(RunCommand(name: "x", count: 3)))
        #expect(
            try SampleRoot.parse(["run", "x", "--count=2", "--quiet"])
                == .run(RunCommand(name: "x", count: 2, quiet: true)))
        #expect(try SampleRoot.parse(["run", "x", "--count", "3"]) != .run(RunCommand(name: "y", count: 3)))
        #expect(try SampleRoot.parse(["pick", "red"]).command is PickCommand)
    }

    @Test("the help, the usage line and the tool's command list are written from the specs and the subcommand types")
    func helpFromTheSpec() {
        #expect(SampleRoot.interface.subcommands.map(\.name) == ["run", "pick", "wait", "fail", "config", "listing"])
        #expect(SampleRoot.interface.subcommand("config")?.subcommands.map(\.name) == ["show", "reset"])
        let help = HelpFormatter.text(for: SampleTool.run, path: ["sample", "run"])
        #expect(SampleRoot.help.text(for: ["run"]) == help)
        #expect(SampleRoot.help.text(for: ["nothing"]) == nil)
        #expect(run(["run", "--help"]) == CommandOutput(standardOutput: help))
        #expect(run(["help", "run"]) == CommandOutput(standardOutput: help))
        #expect(run(["--help", "run"]) == CommandOutput(standardOutput: help))
        #expect(run(["help", "nothing"]).standardOutput == SampleRoot.help.text(for: []))
        #expect(run(["--help"]).standardOutput.contains("COMMANDS:\n  run      Run the thing once or more.\n"))
        let failure = run(["run"])
        #expect(failure.status == .usage)
        #expect(
            failure.standardError
                == "sample: sample run needs <name>; usage: sample run <name> [<more>] --count <n> [--input <file>] "
                + "[--tag <tag>]... [--quiet | --cache-dir <dir>] [--extraordinarily-long-flag]\n")
    }

    @Test("--version and --man: the version line and the manual page, from the tool's spec")
    func versionAndManual() {
        #expect(run(["--version"]) == CommandOutput(standardOutput: "sample \(GatehouseVersion.string)\n"))
        #expect(run(["--version", "--bogus"]).status == .success)
        #expect(
            run(["--man"]).standardOutput == ManPage.text(for: SampleRoot.interface, version: GatehouseVersion.string))
        #expect(SampleRoot.spec.informationOptions.map(\.help).last?.contains("'sample --man | man -l -'") == true)
    }

    @Test(
        "usage errors: the message on standard error after the tool's name, status 64, nothing on standard output",
        arguments: [
            (["run", "x", "--cont", "3"], "sample: unknown option --cont; did you mean --count?\n"),
            (["run", "x", "--count"], "sample: option --count needs a value\n"),
            (["run", "x", "--count", "3", "--count", "4"], "sample: option --count was given more than once\n"),
            (["run", "x", "--count", "0"], "sample: --count takes 1 to 9, not '0'\n"),
            (["run", "7", "--count", "1"], "sample: the name '7' is a number\n"),
            (
                ["pick"],
                "sample: sample pick needs COLOUR\n\n"
                    + HelpFormatter.text(for: SampleTool.pick, path: ["sample", "pick"]) + "\n"
            ),
            (["pick", "a", "b"], "sample: sample pick takes one COLOUR, got 2 arguments: 'a' 'b'\n"),
            (
                ["wait", "now"],
                "sample: sample wait takes no positional arguments, got 'now'\n\n"
                    + (SampleRoot.help.text(for: ["wait"]) ?? "") + "\n"
            ),
            (["rnu"], "sample: unknown command 'rnu'; did you mean 'run'?\nRun 'sample --help' for the commands.\n"),
            (["--quiet"], "sample: unknown command '--quiet'\nRun 'sample --help' for the commands.\n"),
            ([], "sample: no command given\n\n" + (SampleRoot.help.text(for: []) ?? "") + "\n"),
            (
                ["config"],
                "sample: sample config needs an action\n\n" + (SampleRoot.help.text(for: ["config"]) ?? "") + "\n"
            ),
            (
                ["config", "sohw"],
                "sample: unknown config action 'sohw'; did you mean 'show'?\nRun 'sample config --help' for the actions.\n"
            ),
            (
                ["config", "--profil", "p", "show"],
                "sample: unknown option --profil; did you mean --profile? (put it after the action)\n"
            ),
        ])
    func usageErrors(arguments: [String], standardError: String) {
        let output = run(arguments)
        #expect(output.status == .usage, "\(arguments)")
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == standardError, "\(arguments)")
    }

    @Test("the parser throws the same failure, without the tool's name, for tests of the pure parse")
    func pureParse() {
        CommandInterfaceExpectations.expectUsageFailure(containing: "unknown option --cont", "did you mean --count?") {
            _ = try SampleRoot.parse(["run", "x", "--cont", "3"])
        }
        CommandInterfaceExpectations.expectUsageFailure(containing: "option --count needs a value") {
            _ = try SampleRoot.parse(["run", "x", "--count"])
        }
    }

    @Test("the runner maps what a command throws to its status: the command's own wording first, else the tool's")
    func thrownErrorMappedToStatus() {
        #expect(
            run(["fail"]) == CommandOutput(status: .ioError, standardError: "sample: fail: the store is locked\n"))
        #expect(run(["fail", "--usage"]) == CommandOutput(status: .usage, standardError: "sample: asked to fail\n"))
        #expect(
            run(["fail", "--advised"])
                == CommandOutput(status: .unavailable, standardError: "sample: the store is locked; try again later\n"))
    }

    @Test("a synchronous command runs on both paths; an asynchronous one through perform, and run refuses it with 69")
    func execution() async {
        #expect(CommandInvocation<SampleRoot>(["run", "x", "--count", "1"]).execution == .synchronous)
        #expect(CommandInvocation<SampleRoot>(["pick", "red"]).execution == .asynchronous)
        #expect(CommandInvocation<SampleRoot>(["wait"]).execution == .untilStopped)
        #expect(CommandInvocation<SampleRoot>(["pick"]).execution == .synchronous)
        let invocation = CommandInvocation<SampleRoot>(["run", "x", "--count", "2"])
        #expect(invocation.run(in: context).standardOutput == "hello x\nhello x\n")
        #expect(await invocation.perform(in: SampleContext(greeting: "hi")).standardOutput == "hi x\nhi x\n")
        #expect(
            await CommandInvocation<SampleRoot>(["pick", "red"]).perform(in: context).standardOutput == "picked red\n")
        let refused = run(["pick", "red"])
        #expect(refused.status == .unavailable)
        #expect(refused.standardError.contains("pick runs asynchronously"))
    }

    @Test("a command that runs until stopped gets the shutdown it is given, and returns once it is triggered")
    func untilStopped() async {
        let shutdown = GracefulShutdown()
        async let output = CommandInvocation<SampleRoot>(["wait"]).perform(in: context, shutdown: shutdown)
        shutdown.trigger()
        #expect(await output == CommandOutput(standardOutput: "stopped\n"))
    }

    @Test("a group that takes options before its subcommand hands them to the command, beside its own")
    func optionsBeforeTheSubcommand() {
        #expect(run(["config", "--profile", "p", "show"]).standardOutput == "profile p\n")
        #expect(run(["config", "show", "--profile", "q"]).standardOutput == "profile q\n")
        #expect(run(["config", "show"]).standardOutput == "profile default\n")
        #expect(run(["config", "--help", "show"]).standardOutput == SampleRoot.help.text(for: ["config"]))
        #expect(run(["config", "reset"]).standardOutput == "reset\n")
    }

    @Test("a group with a default subcommand runs it when none is named, with the options given before")
    func defaultSubcommand() {
        #expect(run(["listing"]).standardOutput == "sample listing list\n")
        #expect(run(["listing", "--quiet"]).standardOutput == "sample listing list quietly\n")
        #expect(run(["listing", "--quiet", "list"]).standardOutput == "sample listing list quietly\n")
        #expect(run(["listing", "reset"]).standardOutput == "reset\n")
    }

    @Test("output goes through the terminal rules: a control character from an argument is escaped")
    func terminalRules() {
        let output = run(["run", "a\u{1B}[2Jb", "--count", "1"])
        #expect(output.standardOutput == "hello a\\u001b[2Jb\n")
        #expect(run(["rnu\u{1B}"]).standardError.hasPrefix("sample: unknown command 'rnu\\u001b'"))
    }
}
