import GatehouseTesting
import Testing

@testable import CommandLineKit

@Suite("Option declarations")
struct OptionSpecTests {
    @Test("a typed option reads its value through its declaration, and its parse errors are usage errors")
    func typedValues() throws {
        let scanned = try ArgumentScanner.scan(
            ["run", "--count=3", "--tag", "red", "--tag", "green"], command: SampleTool.run)
        #expect(try scanned.value(SampleTool.count) == 3)
        #expect(try scanned.values(SampleTool.tag) == ["red", "green"])
        #expect(try scanned.value(SampleTool.input) == nil)
        #expect(try scanned.values(SampleTool.input).isEmpty)
        let bad = try ArgumentScanner.scan(["--count", "12"], command: SampleTool.run)
        #expect(throws: CommandFailure.usage("--count takes 1 to 9, not '12'")) { try bad.value(SampleTool.count) }
    }

    @Test("with(help:) and required() change the wording or the requirement, never the name, kind or reading")
    func variants() throws {
        let reworded = SampleTool.count.with(help: "Another wording.")
        #expect(reworded.spec.help == "Another wording.")
        #expect(reworded.spec.name == "count" && reworded.spec.kind == .value && reworded.spec.isRequired)
        #expect(try reworded.parse("4") == 4)
        #expect(SampleTool.input.required().spec.isRequired && !SampleTool.input.spec.isRequired)
        #expect(SampleTool.quiet.with(help: "x").kind == .flag)
    }

    @Test("labels, synopsis forms and spellings")
    func forms() {
        #expect(OptionSpec.help.label == "-h, --help")
        #expect(OptionSpec.help.spellings == ["-h", "--help"])
        #expect(
            OptionSpec.help.matches("-h") && OptionSpec.help.matches("--help") && !OptionSpec.help.matches("--help=1"))
        #expect(SampleTool.input.spec.label == "--input <file>")
        #expect(SampleTool.input.spec.usage == "--input <file>")
        #expect(SampleTool.quiet.usage == "--quiet")
    }

    @Test("the first missing required option is found in declaration order; empty counts only when asked")
    func requiredOptions() throws {
        #expect(
            SampleTool.run.firstMissingOption(in: try ArgumentScanner.scan([], command: SampleTool.run))?.name
                == "count")
        let empty = try ArgumentScanner.scan(["--count="], command: SampleTool.run)
        #expect(SampleTool.run.firstMissingOption(in: empty) == nil)
        #expect(SampleTool.run.firstMissingOption(in: empty, emptyIsMissing: true)?.name == "count")
    }

    @Test("a command accepts its own, global, help, information and undocumented options, documents all but the last")
    func optionLists() {
        let command = CommandSpec(
            "c", abstract: "C.", options: [SampleTool.quiet], globalOptions: [SampleTool.input],
            informationOptions: [SampleTool.version], undocumentedOptions: [SampleTool.tag])
        #expect(command.allOptions.map(\.name) == ["quiet", "input", "help", "version"])
        #expect(command.acceptedOptions.map(\.name) == ["quiet", "input", "help", "version", "tag"])
        #expect(command.overview == "C.")
        #expect(SampleTool.tool.walk(path: []).map(\.path) == [[], ["run"], ["pick"]])
    }

    @Test("a shell's name is read case-insensitively; an unknown one is a usage error naming the shells")
    func shells() throws {
        #expect(try Shell.named("ZSH") == .zsh)
        CommandInterfaceExpectations.expectUsageFailure(
            containing: "unknown shell 'fsh'", "did you mean 'fish'?", "bash, zsh, fish"
        ) {
            _ = try Shell.named("fsh")
        }
    }
}
