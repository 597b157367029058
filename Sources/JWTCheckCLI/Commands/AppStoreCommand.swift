import CommandLineKit

/// `jwtcheck appstore`: App Store signed data (Server Notifications V2, transactions, renewal info, AppTransactions),
/// a group of subcommands.
package struct AppStoreCommand: CommandGroup {
    package typealias Context = ToolEnvironment

    package static let spec = CommandSpec(
        "appstore",
        abstract: "App Store signed data: verify or decode notifications, transactions, renewal info and "
            + "AppTransactions ('jwtcheck appstore --help').",
        overview: "App Store signed data (App Store Server Notifications V2, signed transactions, renewal info and "
            + "AppTransactions): each a JWS signed ES256 by the leaf of its x5c chain (leaf, Apple's WWDR "
            + "intermediate, Apple Root CA - G3).",
        helpOption: OptionSpec.help.with(help: "Show help; 'jwtcheck appstore <subcommand> --help' for a subcommand."),
        subcommandNoun: "subcommand",
        sections: [
            .exitStatus(
                "0 verified or decoded; 1 rejected (malformed data included), the failed check's code named first; 64 "
                    + "usage; 65 a --root that is not a PEM or DER certificate; 66 a file missing or unreadable; 69 "
                    + "the data could not be checked (verificationUnavailable).")
        ])

    package static var subcommands: [any ParsableCommand<ToolEnvironment>.Type] {
        [AppStoreVerifyCommand.self, AppStoreDecodeCommand.self]
    }
}
