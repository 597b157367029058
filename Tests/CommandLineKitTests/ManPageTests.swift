import Testing

@testable import CommandLineKit

@Suite("Man page from declarations")
struct ManPageTests {
    static let page = ManPage.text(for: SampleTool.tool, version: "9.9")

    @Test("the page has its header, NAME, SYNOPSIS, DESCRIPTION, OPTIONS, a section per command and EXIT STATUS")
    func layout() {
        let lines = Self.page.split(separator: "\n").map(String.init)
        #expect(lines.contains(".TH SAMPLE 1 \"\" \"Gatehouse 9.9\" \"Gatehouse Manual\""))
        #expect(lines.contains("sample \\- a sample tool"))
        for heading in [
            ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH COMMANDS", ".SH EXIT STATUS",
        ] {
            #expect(lines.contains(heading), "\(heading)")
        }
        #expect(lines.contains(".SS \"sample run\""))
        #expect(lines.contains(".SS \"sample pick\""))
        #expect(
            lines.contains(
                "\\fBsample run\\fR \\fI<name>\\fR [\\fI<more>\\fR] \\fB\\-\\-count\\fR \\fI<n>\\fR [\\fB\\-\\-input\\fR "
                    + "\\fI<file>\\fR] [\\fB\\-\\-tag\\fR \\fI<tag>\\fR]... [\\fB\\-\\-quiet\\fR | "
                    + "\\fB\\-\\-cache\\-dir\\fR \\fI<dir>\\fR] [\\fB\\-\\-extraordinarily\\-long\\-flag\\fR]"))
        #expect(
            lines.contains("\\fBEXIT STATUS:\\fR 0 done; 1 not done; 64 usage; 66 input file missing or unreadable."))
    }

    @Test("every option of every command is an entry of its own")
    func everyOption() {
        for (_, command) in SampleTool.tool.walk(path: []) {
            for option in command.allOptions {
                let names = option.spellings.map { "\\fB\(ManPage.escape($0))\\fR" }.joined(separator: ", ")
                #expect(Self.page.contains(".TP\n" + names), "\(option.label)")
            }
        }
    }

    @Test("text is escaped: hyphens, backslashes, non-ASCII, and a line that would start with a request")
    func escaping() {
        #expect(ManPage.escape("--cache-dir") == "\\-\\-cache\\-dir")
        #expect(ManPage.escape("a \\ b") == "a \\e b")
        #expect(ManPage.escape("Rejected → In Review") == "Rejected \\[u2192] In Review")
        #expect(ManPage.escape(".dot") == "\\&.dot")
        #expect(ManPage.escape("'quote") == "\\&'quote")
        #expect(Self.page.contains("\n\\&.A closing note, with a leading dot.\n"))
        #expect(!Self.page.split(separator: "\n").contains { $0.hasPrefix(".A") })
    }
}
