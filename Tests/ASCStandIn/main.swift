// gatehouse-asc-standin: a local stand-in for the App Store Connect API, so `make demo` can show `review sync`
// without the network or a real key. It runs the test suite's `FakeAppStoreConnect` (GatehouseTesting: real HTTP on
// 127.0.0.1, JSON:API documents shaped like Apple's, every ES256 bearer token checked against the key it is given)
// over three apps and the team's certificates and profiles (StandInCatalogue), prints its base URL, and serves until
// SIGTERM or SIGINT, or until its lifetime is over. Test support, not a product: it is never installed.
//
// USAGE: gatehouse-asc-standin --key-id ID [--issuer-id UUID] --key FILE [--url-file FILE] [--lifetime SECONDS]
//
//   --key FILE        the API key whose tokens it accepts: the .p8 (its public half is used) or a public key PEM
//   --issuer-id UUID  the team key's issuer ID; without it the key is an individual key (tokens with sub "user")
//   --url-file FILE   also writes the base URL to FILE (whole, under a temporary name then renamed), for scripts
//   --lifetime S      stops by itself after S seconds (default 120, at most 3600)
//
// Exit status: 0 after a stop (signal or lifetime), 64 for a usage error, 66 for an unreadable key file, 69 when no
// port can be bound on 127.0.0.1, 73 when the URL file cannot be written.
import Foundation
import GatehouseTesting
import JWT

#if canImport(Glibc)
    import Glibc
#endif

let process = StandInProcess(
    name: "gatehouse-asc-standin",
    usage: "usage: gatehouse-asc-standin --key-id ID [--issuer-id UUID] --key FILE [--url-file FILE] "
        + "[--lifetime SECONDS]")
let options = process.options(["--key-id", "--issuer-id", "--key", "--url-file", "--lifetime"])
let lifetime = process.lifetime(options)
guard let keyID = options["--key-id"], let keyPath = options["--key"] else {
    process.fail(64, "--key-id and --key are required\n\(process.usage)")
}
guard let keyText = try? String(contentsOfFile: keyPath, encoding: .utf8) else {
    process.fail(66, "cannot read the key file \(keyPath)")
}
let publicKey: PublicKey
if let privateKey = try? PrivateKey(pemRepresentation: keyText) {
    publicKey = privateKey.publicKey
} else if let key = try? PublicKey(pemRepresentation: keyText) {
    publicKey = key
} else {
    process.fail(64, "\(keyPath) is neither a private key (.p8) nor a public key in PEM form")
}

let fake: FakeAppStoreConnect
let catalogue = StandInCatalogue.state(now: Int64(Date().timeIntervalSince1970))
do {
    fake = try FakeAppStoreConnect(
        keys: [.init(keyID: keyID, publicKey: publicKey, issuerID: options["--issuer-id"])], state: catalogue,
        lifetime: .seconds(lifetime + 5))
} catch {
    process.fail(69, "cannot listen on 127.0.0.1: \(error)")
}

process.say(
    "serving \(catalogue.apps.count) apps, \(catalogue.certificates.count) certificates and "
        + "\(catalogue.profiles.count) profiles to key \(keyID) at \(fake.baseURL) (until SIGTERM, or for \(lifetime) s)"
)
if let urlFile = options["--url-file"] { process.writeURLFile(fake.baseURL, to: urlFile) }

let signalled = process.waitForStop(lifetime: lifetime)
fake.server.stop()
let refused = fake.tokenRefusals.count
process.say(
    "stopped (\(signalled ? "signal" : "lifetime over")) after \(fake.totalRequests) request"
        + "\(fake.totalRequests == 1 ? "" : "s"), \(refused) token\(refused == 1 ? "" : "s") refused")
exit(0)
