import CommandLineKit

/// What the `jwtcheck appstore` subcommands share: the SIGNED argument. Each subcommand's `spec` is in its own file.
enum AppStoreInterface {
    /// SIGNED, as `verify` and `decode` take it.
    static let signedArgument = ArgumentSpec(
        "<signed|@file>",
        help: "The signed data (a compact JWS: a notification's signedPayload, a signedTransactionInfo, a "
            + "signedRenewalInfo or a signed AppTransaction), @path to read it from a file, - for standard input; a "
            + "notification body as Apple POSTs it ({\"signedPayload\":\"<JWS>\"}) is taken too.")
}
