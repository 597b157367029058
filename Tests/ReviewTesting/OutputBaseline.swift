import Foundation

/// A committed file of SHA-256 hashes of named command outputs, one line per output, `<hex>  <name>` as `sha256sum`
/// writes them, in the order the outputs were taken: the App Store output baseline of issue 24, which the test suite
/// (`AppStoreOutputBaselineTests`) and the benchmarks (`gatehouse-bench --only baseline`) compare against.
///
/// Two environment variables, never set by default:
/// - `GATEHOUSE_WRITE_BASELINE=1` writes the file from the outputs instead of comparing (a deliberate new baseline;
///   commit it with the reason);
/// - `GATEHOUSE_BASELINE_OUTPUTS=DIR` also writes every output itself into `DIR`, one file per output
///   (`outputFileName(for:)`), so that two runs (the previous release's and the change's) can be diffed.
public struct OutputBaseline: Sendable {
    /// One output's name and the lower-case hex SHA-256 of its bytes.
    public struct Entry: Sendable, Hashable {
        /// The output's name: the command line that made it (`stats --json`).
        public var name: String
        /// Its SHA-256, 64 lower-case hex digits.
        public var sha256: String

        /// Creates an entry.
        public init(name: String, sha256: String) {
            self.name = name
            self.sha256 = sha256
        }
    }

    /// An output whose hash is not the committed one: changed, new (no committed line) or gone (only committed).
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        /// The output's name.
        public var name: String
        /// The committed hash, nil for an output the file does not hold.
        public var expected: String?
        /// The hash now, nil for a committed output that was not taken.
        public var actual: String?

        /// Creates a mismatch.
        public init(name: String, expected: String?, actual: String?) {
            self.name = name
            self.expected = expected
            self.actual = actual
        }

        public var description: String {
            switch (expected, actual) {
            case (let expected?, let actual?): "\(name): SHA-256 \(actual), the baseline has \(expected)"
            case (nil, let actual?): "\(name): not in the baseline (SHA-256 \(actual))"
            default: "\(name): in the baseline but not taken"
            }
        }
    }

    /// The variable that makes a run write the file instead of comparing: `GATEHOUSE_WRITE_BASELINE=1`.
    public static let writeVariable = "GATEHOUSE_WRITE_BASELINE"
    /// The variable naming a folder to write every output into: `GATEHOUSE_BASELINE_OUTPUTS`.
    public static let outputsVariable = "GATEHOUSE_BASELINE_OUTPUTS"

    /// Whether this run writes baselines (`GATEHOUSE_WRITE_BASELINE=1`).
    public static var isWriting: Bool { ProcessInfo.processInfo.environment[writeVariable] == "1" }

    /// The folder `GATEHOUSE_BASELINE_OUTPUTS` names, if set.
    public static var outputsDirectory: URL? {
        guard let path = ProcessInfo.processInfo.environment[outputsVariable], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// The committed file.
    public let file: URL

    /// A baseline kept in `file`.
    public init(file: URL) { self.file = file }

    /// The entries of the file, in its order.
    /// - Returns: the entries; none when the file does not exist.
    /// - Throws: when it exists but cannot be read, or a line is not `<64 hex digits>  <name>`.
    public func entries() throws -> [Entry] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let text = try String(contentsOf: file, encoding: .utf8)
        var entries: [Entry] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let hash = line.prefix(64)
            let isHex = hash.count == 64 && hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
            guard isHex, line.dropFirst(64).hasPrefix("  "), line.count > 66 else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "\(file.path) line \(number + 1) is not \"<64 hex digits>  <name>\": \(line.prefix(80))"
                    ])
            }
            entries.append(Entry(name: String(line.dropFirst(66)), sha256: String(hash)))
        }
        return entries
    }

    /// The outputs whose hash differs from the committed one, in the order taken, then those committed but not
    /// taken.
    /// - Parameter actual: the outputs' entries now.
    /// - Returns: the mismatches; empty when every hash is the committed one.
    /// - Throws: when the file cannot be read (`entries()`).
    public func mismatches(_ actual: [Entry]) throws -> [Mismatch] {
        let committed = try entries()
        let expected = Dictionary(committed.map { ($0.name, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let taken = Set(actual.map(\.name))
        var found: [Mismatch] = []
        for entry in actual where expected[entry.name] != entry.sha256 {
            found.append(Mismatch(name: entry.name, expected: expected[entry.name], actual: entry.sha256))
        }
        for entry in committed where !taken.contains(entry.name) {
            found.append(Mismatch(name: entry.name, expected: entry.sha256, actual: nil))
        }
        return found
    }

    /// Writes the file: one `<hex>  <name>` line per entry, in order.
    /// - Parameter entries: the outputs' entries.
    /// - Throws: when the file cannot be written.
    public func write(_ entries: [Entry]) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = entries.map { "\($0.sha256)  \($0.name)\n" }.joined()
        try Data(text.utf8).write(to: file, options: .atomic)
    }

    /// A file name for an output, from its name: letters and digits kept, every run of other characters one `_`.
    /// - Parameter name: the output's name.
    /// - Returns: the file name.
    public static func outputFileName(for name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let isLetterOrDigit =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            if isLetterOrDigit || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("_") {
                result += "_"
            }
        }
        return result
    }

    /// Writes an output into `GATEHOUSE_BASELINE_OUTPUTS`, when set.
    /// - Parameters:
    ///   - bytes: the output.
    ///   - name: its name.
    ///   - group: a subfolder (the history it was taken over).
    /// - Throws: when it cannot be written.
    public static func keep(_ bytes: some Collection<UInt8>, name: String, group: String) throws {
        guard let directory = outputsDirectory?.appendingPathComponent(group) else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent(outputFileName(for: name)))
    }

    /// The first `count` lines of an output, for a mismatch's message (a hash cannot say which line changed).
    /// - Parameters:
    ///   - text: the output.
    ///   - count: how many lines.
    /// - Returns: the lines, with a last line saying how many more there are.
    public static func head(_ text: String, lines count: Int = 40) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(count).joined(separator: "\n")
        return lines.count > count ? shown + "\n[... \(lines.count - count) more lines]" : shown
    }
}
