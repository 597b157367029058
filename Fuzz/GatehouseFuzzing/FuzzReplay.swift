// Foundation, not FoundationEssentials: this is test tooling, and it needs FileManager and exit.
import Foundation

/// What a fuzz executable does when it is built WITHOUT `-sanitize=fuzzer` (the normal `swift build`): it runs
/// the files or folders named on its command line through its target once each, like libFuzzer's reproduce
/// mode, so a finding can be replayed with the normal build and its Swift backtrace.
public enum FuzzReplay {
    /// Runs `target` over every file named in `arguments` (folders: every file inside, not recursively).
    /// - Parameters:
    ///   - target: the fuzz target.
    ///   - arguments: paths of files or folders.
    /// - Returns: how many inputs were run.
    /// - Throws: when a path cannot be read.
    public static func run(_ target: FuzzTarget, paths arguments: [String]) throws -> Int {
        let files = FileManager.default
        var count = 0
        for path in arguments {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            let inputs =
                isFolder.boolValue
                ? try files.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 } : [path]
            for input in inputs {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
                target.run(bytes)
                count += 1
            }
        }
        return count
    }

    /// The `main` of a fuzz executable in a normal build: replays its arguments and exits 0, or 66 when a path
    /// cannot be read.
    /// - Parameter target: the fuzz target.
    public static func main(_ target: FuzzTarget) -> Never {
        let paths = Array(CommandLine.arguments.dropFirst())
        guard !paths.isEmpty else {
            print("usage: fuzz-\(target.rawValue) FILE-OR-FOLDER...  (replays inputs; build with make fuzz to fuzz)")
            exit(64)
        }
        do {
            let count = try run(target, paths: paths)
            print("fuzz-\(target.rawValue): \(count) inputs replayed, no crash")
            exit(0)
        } catch {
            print("fuzz-\(target.rawValue): \(error)")
            exit(66)
        }
    }
}
