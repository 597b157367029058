import Foundation
import Testing

/// A library's DocC catalog (`Sources/<Module>/<Module>.docc`) and the sources it must agree with, for the tests
/// that keep documentation from rotting: every Swift code listing of a catalog is a region of compiled test code,
/// and every error code a module declares has its entry in the module's "Errors and what to do" article.
public struct DocumentationCatalog: Sendable {
    /// A fenced code listing of a page.
    public struct Listing: Sendable, CustomStringConvertible {
        /// The page's file name.
        public let page: String
        /// The line of the opening fence (1-based).
        public let line: Int
        /// The listing's text, without the fences.
        public let code: String

        public var description: String { "\(page):\(line)" }
    }

    /// The module documented.
    public let module: String
    /// The test source whose snippet regions the catalog's listings show, relative to the package root.
    public let snippetSource: String
    /// The name of the module's error type, such as `JWTError`.
    public let errorType: String
    /// The error type's source, relative to the package root.
    public let errorSource: String

    /// The catalog of a library in this package.
    /// - Parameters:
    ///   - module: the module's name.
    ///   - snippetSource: the test source holding the snippet regions, relative to the package root.
    ///   - errorType: the module's error type.
    ///   - errorSource: its source, relative to the package root.
    public init(module: String, snippetsIn snippetSource: String, errorType: String, declaredIn errorSource: String) {
        self.module = module
        self.snippetSource = snippetSource
        self.errorType = errorType
        self.errorSource = errorSource
    }

    /// `Sources/<Module>/<Module>.docc`.
    public var directory: URL {
        SharedResources.packageRoot.appendingPathComponent("Sources/\(module)/\(module).docc")
    }

    /// The text of one page of the catalog.
    /// - Parameter name: the file name, such as `ErrorsAndWhatToDo.md`.
    /// - Returns: the page's text.
    /// - Throws: when the page cannot be read.
    public func page(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The file names of every Markdown page of the catalog, sorted.
    /// - Throws: when the catalog cannot be listed.
    public func pageNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") }.sorted()
    }

    /// Every listing fenced as ` ```swift ` in the catalog's pages.
    /// - Throws: when a page cannot be read.
    public func swiftListings() throws -> [Listing] {
        var listings: [Listing] = []
        for name in try pageNames() {
            var current: (line: Int, lines: [Substring])?
            for (index, line) in try page(name).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if current == nil, line == "```swift" {
                    current = (index + 1, [])
                } else if let open = current, line == "```" {
                    listings.append(Listing(page: name, line: open.line, code: open.lines.joined(separator: "\n")))
                    current = nil
                } else if current != nil {
                    current?.lines.append(line)
                }
            }
        }
        return listings
    }

    /// The regions of a test source between `// snippet-start: name` and `// snippet-end`, each with the
    /// indentation of its start marker removed: the code the catalog's listings must equal.
    /// - Parameter path: the source, relative to the package root.
    /// - Returns: the regions by name.
    /// - Throws: when the file cannot be read.
    public static func snippetRegions(inSource path: String) throws -> [String: String] {
        let source = try String(
            contentsOf: SharedResources.packageRoot.appendingPathComponent(path), encoding: .utf8)
        var regions: [String: String] = [:]
        var current: (name: String, indent: Int, lines: [String])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// snippet-start:") {
                let name = trimmed.dropFirst("// snippet-start:".count).trimmingCharacters(in: .whitespaces)
                current = (name, line.count - trimmed.count, [])
            } else if trimmed.hasPrefix("// snippet-end"), let open = current {
                regions[open.name] = open.lines.joined(separator: "\n")
                current = nil
            } else if let open = current {
                current?.lines.append(line.count > open.indent ? String(line.dropFirst(open.indent)) : "")
            }
        }
        return regions
    }

    /// The widest line a listing may have: DocC's page shows about 80 characters of code before the listing
    /// scrolls sideways, which hides the end of a longer line (often the comment that explains it).
    public static let maximumListingWidth = 76

    /// What does not agree between the catalog's Swift listings and the snippet regions of a test source: each
    /// listing that is not a region (code nobody compiles), each region that no listing shows, and each listing
    /// line wider than `maximumListingWidth`.
    /// - Parameter path: the test source, relative to the package root.
    /// - Returns: one line per disagreement; empty when they agree.
    /// - Throws: when a file cannot be read.
    public func listingProblems(snippetsIn path: String) throws -> [String] {
        let regions = try Self.snippetRegions(inSource: path)
        let listings = try swiftListings()
        var problems: [String] = []
        if listings.isEmpty { problems.append("the catalog \(directory.path) has no Swift listing") }
        for listing in listings {
            if !regions.values.contains(listing.code) {
                problems.append("\(listing): this listing is not a snippet region of \(path):\n\(listing.code)")
            }
            for line in listing.code.split(separator: "\n") where line.count > Self.maximumListingWidth {
                problems.append(
                    "\(listing): a line of \(line.count) characters, over \(Self.maximumListingWidth): \(line)")
            }
        }
        for (name, code) in regions.sorted(by: { $0.key < $1.key }) where !listings.contains(where: { $0.code == code })
        {
            problems.append("the snippet region \"\(name)\" of \(path) is shown by no listing of the catalog")
        }
        return problems
    }

    /// Expects the catalog's Swift listings and the snippet regions of `snippetSource` to agree
    /// (`listingProblems(snippetsIn:)`), naming each disagreement.
    /// - Parameter sourceLocation: where the test is.
    /// - Throws: when a file cannot be read.
    public func expectListingsAreSnippets(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let problems = try listingProblems(snippetsIn: snippetSource)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Expects every code of `errorType` to have its entry in `ErrorsAndWhatToDo.md` (`codesWithoutEntry`).
    /// - Parameter sourceLocation: where the test is.
    /// - Throws: when a file cannot be read, or the codes cannot be read from the source.
    public func expectEveryCodeExplained(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let missing = try codesWithoutEntry(type: errorType, declaredIn: errorSource)
        #expect(missing.isEmpty, "ErrorsAndWhatToDo.md has no entry for \(missing)", sourceLocation: sourceLocation)
    }

    /// The codes of a module's error type that have no entry `- term ``<Type>/Code/<code>``:` in the catalog's
    /// `ErrorsAndWhatToDo.md` (a DocC term list whose terms are symbol links, so DocC checks them too).
    /// - Parameters:
    ///   - type: the error type's name, such as `JWTError`.
    ///   - path: its source, relative to the package root.
    /// - Returns: the codes without an entry; empty when every code has one.
    /// - Throws: when a file cannot be read, or the codes cannot be read from the source.
    public func codesWithoutEntry(type: String, declaredIn path: String) throws -> [String] {
        let article = try page("ErrorsAndWhatToDo.md")
        return try Self.errorCodes(declaredIn: path).filter { !article.contains("- term ``\(type)/Code/\($0)``:") }
    }

    /// Why the codes of an error type could not be read from its source.
    public struct UnreadableCodes: Error, CustomStringConvertible {
        public let description: String
    }

    /// The codes a module's error type declares, read from its source: the names of the
    /// `public static let <name> = Code(.<name>)` members, checked against the cases of the private `Base` enum
    /// behind them, so that a code added to either is seen.
    /// - Parameter path: the error type's source, relative to the package root.
    /// - Returns: the codes in declaration order.
    /// - Throws: when the file cannot be read, or `UnreadableCodes` when the two lists differ or are empty.
    public static func errorCodes(declaredIn path: String) throws -> [String] {
        let source = try String(
            contentsOf: SharedResources.packageRoot.appendingPathComponent(path), encoding: .utf8)
        var members: [String] = []
        var cases: [String] = []
        var inBase = false
        for line in source.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // `package` where the package's command lines switch over the codes exhaustively (issue 21 item 5).
            if trimmed.hasPrefix("private enum Base") || trimmed.hasPrefix("package enum Base") {
                inBase = true
            } else if inBase, trimmed == "}" {
                inBase = false
            } else if inBase, trimmed.hasPrefix("case ") {
                cases += trimmed.dropFirst(5).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            } else if trimmed.hasPrefix("public static let "), trimmed.hasSuffix(")") {
                // public static let name = Code(.name)
                let parts = trimmed.dropFirst("public static let ".count).split(separator: " ")
                if parts.count == 3, parts[1] == "=", parts[2] == "Code(.\(parts[0]))" {
                    members.append(String(parts[0]))
                }
            }
        }
        guard !members.isEmpty, members.sorted() == cases.sorted() else {
            throw UnreadableCodes(
                description: "\(path): the public codes \(members) and the cases of its Base enum \(cases) differ "
                    + "(or none were found); the test reads `public static let x = Code(.x)` lines and the "
                    + "`private enum Base` (or `package enum Base`) cases")
        }
        return members
    }
}
