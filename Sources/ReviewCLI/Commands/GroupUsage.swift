import CommandLineKit

/// The synopses of a group's subcommands on one line, for its usage errors: `review auth add --profile <name> ...
/// | review auth list [--json] | ...`, written from their declarations.
enum GroupUsage {
    /// The line.
    /// - Parameters:
    ///   - group: the group.
    ///   - path: the group's path, the tool's name first.
    ///   - separator: what goes between two synopses.
    static func text(
        of group: any ParsableCommand<ReviewEnvironment>.Type, path: [String], separator: String = " | "
    ) -> String {
        group.subcommands.map { subcommand in
            CommandArguments(path: path + [subcommand.spec.name], spec: subcommand.spec, scanned: ScannedArguments())
                .usage
        }.joined(separator: separator)
    }
}
