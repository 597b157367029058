import Testing

@testable import CommandLineKit

@Suite("Help text from declarations")
struct HelpFormatterTests {
    @Test("a command's help: overview, wrapped synopsis, arguments, aligned options, a long label on its own line")
    func command() {
        let expected = """
            OVERVIEW: Run the thing: read the input, count to the count, and print what was asked for, with every word
            wrapped where it must be.

            USAGE: sample run <name> [<more>] --count <n> [--input <file>] [--tag <tag>]...
                              [--quiet | --cache-dir <dir>] [--extraordinarily-long-flag]

            ARGUMENTS:
              <name>             The name of the thing.
              <more>             More.

            OPTIONS:
              --count <n>        How many times, 1 to 9.
              --input <file>     Read from this file. Else standard input.
              --tag <tag>        A colour tag (repeatable).
              --quiet            Print nothing.
              --cache-dir <dir>  Keep the cache here.
              --extraordinarily-long-flag
                                 A flag whose name is too long for the column, so its help starts on the next line;
                                 it's quoted [sic] with a backslash \\ too.
              -h, --help         Show this help.

            EXIT STATUS: 0 done; 1 not done; 64 usage; 66 input file missing or unreadable.

            """
        #expect(HelpFormatter.text(for: SampleTool.run, path: ["sample", "run"]) == expected)
    }

    @Test("a tool's help: its commands by abstract, its options, --version after --help, then its sections")
    func tool() {
        let expected = """
            OVERVIEW: A sample tool.

            USAGE: sample [--quiet] <command> [arguments] [options]

            COMMANDS:
              run   Run the thing once or more.
              pick  Pick a colour.

            OPTIONS:
              --quiet     Print nothing.
              -h, --help  Show this help.
              --version   Show the version.

            EXIT STATUS: 0 done; 64 usage.

            .A closing note, with a leading dot.

            """
        #expect(HelpFormatter.text(for: SampleTool.tool, path: ["sample"]) == expected)
    }

    @Test("wrapping keeps a number with the word after it and keeps blank-line paragraphs")
    func wrapping() {
        #expect(TextWrapping.lines("aaaa 64 usage", width: 9) == ["aaaa", "64 usage"])
        #expect(TextWrapping.lines("one\n\ntwo", width: 20, firstPrefix: "X: ") == ["X: one", "", "two"])
        #expect(TextWrapping.firstSentence("First one. Second (e.g. this).") == "First one.")
        #expect(TextWrapping.firstSentence("Only one") == "Only one")
    }
}
