import CommandLineKit
import ReviewLog
import ReviewPostgreSQL

/// `review migrate --to TARGET`: the whole store copied into another (`RelationalReviewStore.copy(to:)`).
extension ReviewCLI {
    static func migrate(
        _ store: RelationalReviewStore, to target: String, invocation: ReviewInvocation,
        environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let source = try environment.databasePath(option: invocation.databasePath)
        let from = ReviewEnvironment.displayed(source)
        let to = ReviewEnvironment.displayed(target)
        // The same store however it is spelled (a scheme's case, postgres or postgresql, an encoded character).
        let sameStore = (try? StoreLocation(target)).map { $0 == (try? StoreLocation(source)) } ?? false
        guard target != source && !sameStore else {
            throw CommandFailure(.usage, "--to names the store being copied (\(from)); give another store")
        }
        let copy = try store.copy(to: try environment.openStore(target))
        if invocation.json {
            let tables = copy.tables.map { table in
                JSONText.object([
                    ("table", JSONText.string(table.name)), ("copied", String(table.copied)),
                    ("alreadyPresent", String(table.alreadyPresent)),
                ])
            }
            let object = JSONText.object([
                ("from", JSONText.string(from)), ("to", JSONText.string(to)),
                ("tables", "[" + tables.joined(separator: ", ") + "]"),
            ])
            return CommandOutput(standardOutput: object + "\n")
        }
        let width = copy.tables.map(\.name.count).max() ?? 0
        var text = "Copied \(from) into \(to), in one transaction:\n"
        for table in copy.tables {
            let padding = String(repeating: " ", count: width - table.name.count)
            text += "  \(table.name)\(padding)  \(table.copied) copied, \(table.alreadyPresent) already there\n"
        }
        return CommandOutput(standardOutput: text)
    }
}
