import CommandLineKit

/// `review states`: every state by stage, with its spellings and meaning; no store.
package struct StatesCommand: ReviewSubcommand {
    package static let spec = CommandSpec(
        "states",
        abstract: "Every review state by stage: API string, display name, other spellings and meaning",
        overview: "List every App Store Connect review state this review knows, grouped by stage (preparing, "
            + "waiting, in review, approved, rejected, withdrawn, live, no longer on sale), with its API string, "
            + "display name, the other spellings log accepts, what it means (after App Store Connect Help, \"App "
            + "and submission statuses\") and its role in a submission cycle; then the four TestFlight (Beta App "
            + "Review) states under their own heading, with the externalBuildState a webhook sends for each. Needs no "
            + "store.",
        options: [
            ReviewOptions.json.with(
                help: "Output {\"source\", \"stages\": [{\"stage\", \"name\", \"states\": [{\"state\", \"name\", "
                    + "\"aliases\", \"meaning\", \"role\"}]}], \"testflight\": {\"source\", \"states\": [{\"state\", "
                    + "\"name\", \"externalBuildState\", \"meaning\", \"role\"}]}}; role is start, approval, rejection, "
                    + "withdrawal or null."
            )
        ],
        // Reads no store and no clock, but takes --now like every command, so a script can pass it everywhere.
        globalOptions: [ReviewOptions.now])

    package static let store = StoreUse.none

    /// `--json`.
    package var json = false
    package var global = GlobalOptions()

    /// Creates the command.
    package init(json: Bool = false, global: GlobalOptions = GlobalOptions()) {
        self.json = json
        self.global = global
    }

    package init(parsing arguments: CommandArguments) throws(CommandFailure) {
        let arguments = try ReviewArguments(arguments)
        try arguments.expect(0...0)
        self.init(json: arguments.has(ReviewOptions.json), global: try GlobalOptions(arguments))
    }

    package func run(in environment: ReviewEnvironment) throws -> CommandOutput {
        CommandOutput(standardOutput: json ? StatesListing.json() : StatesListing.text())
    }
}
