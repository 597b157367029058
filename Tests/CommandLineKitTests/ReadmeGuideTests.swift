import Foundation
import GatehouseTesting
import Testing

@testable import CommandLineKit

/// The README is a guide read in ten minutes; the reference lives in `docs/` pages it links (issue 25 item 3). These
/// tests hold it to that: its length, links that lead somewhere, the reference pages it must link, and the exit
/// status table against the tools' own list.
@Suite("README guide")
struct ReadmeGuideTests {
    static let root = SharedResources.packageRoot

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of a Markdown text outside fenced code blocks, with inline code spans removed.
    static func prose(_ text: String) -> [String] {
        var lines: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            let outsideCode = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element)
            lines.append(outsideCode.joined(separator: " "))
        }
        return lines
    }

    /// The targets of the Markdown links `[text](target)` in a text, outside code.
    static func links(_ text: String) -> [String] {
        var targets: [String] = []
        for line in prose(text) {
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " }
                targets.append(String(target))
                rest = rest[open.upperBound...]
            }
        }
        return targets
    }

    /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().replacingOccurrences(of: "`", with: "").compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
                return nil
            })
    }

    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test("the README is a guide: at most 320 lines")
    func readmeIsShort() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 50, "the README still says what Gatehouse is and how to start")
        #expect(lines.count <= 320, "the README has \(lines.count) lines; the reference belongs in docs/")
    }

    @Test("every relative link of the README and the docs pages reaches a file, and its anchor a heading there")
    func linksResolve() throws {
        let pages = try SharedResources.guidePages()
        #expect(pages.count > 1)
        var checked = 0
        for page in pages {
            let folder = page.path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
            for target in Self.links(page.text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? page.path : folder + parts[0]
                let url = Self.root.appendingPathComponent(file).standardizedFileURL
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                #expect(exists, "\(page.path) links \(target), and \(file) does not exist")
                checked += 1
                guard exists, parts.count == 2, !isDirectory.boolValue, url.pathExtension == "md" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                #expect(
                    Self.anchors(text).contains(String(parts[1])),
                    "\(page.path) links \(target): \(file) has no heading with the anchor #\(parts[1])")
            }
        }
        #expect(checked > 20)
    }

    @Test("the README links the reference pages, and every docs page is linked from the README")
    func readmeLinksTheReference() throws {
        let readme = try Self.read("README.md")
        let linked = Set(Self.links(readme).map { String($0.prefix { $0 != "#" }) })
        for page in ["docs/exit-statuses.md", "docs/performance.md", "docs/checks.md", "docs/layout.md"] {
            #expect(linked.contains(page), "the README does not link \(page)")
        }
        for page in try SharedResources.guidePages().map(\.path) where page != "README.md" {
            #expect(linked.contains(page), "\(page) is linked from nowhere in the README")
        }
    }

    @Test("the exit status table in docs/exit-statuses.md lists exactly the statuses the tools exit with")
    func exitStatusTable() throws {
        let text = try Self.read("docs/exit-statuses.md")
        var statuses: [Int32] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let first = line.dropFirst(2).prefix { $0 != " " }
            if let status = Int32(first) { statuses.append(status) }
        }
        #expect(statuses == ExitStatus.allCases.map(\.rawValue), "the table's rows: \(statuses)")
        #expect(statuses == [0, 1, 64, 65, 66, 69, 74, 77])
    }
}
