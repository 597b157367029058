// outside-bench: RS256 verification throughput of Gatehouse's public API, measured from a package of its own, against
// a C program on OpenSSL (raw-evp-verify, the key preloaded). Issue 20's regression figure: both verifiers must make at
// least 0.95 of the C program's verifications per wall-clock second.
//
// One task, one thread: each round runs the C program for a batch (it times its own loop) and this process for the
// same batch of each verifier, in alternating order; the median of the per-round ratios is reported, so the machine's
// noise cancels out. Every verification checks a real signature: each side first proves that a tampered token fails.
//
// USAGE: outside-bench --raw <raw-evp-verify> --work <scratch dir> [--rounds N] [--batch N]
// Prints, last, one line per verifier: "outside <name> <median> <min> <max> <C verifications per second>".
import AppleSignIn
import Foundation
import JWT

let clientID = "com.example.gatehouse"
let issuer = "https://appleid.apple.com"

struct Arguments {
    var raw = ""
    var work = ""
    var rounds = 21
    var batch = 4000

    init(_ arguments: [String]) {
        var index = 0
        func value() -> String {
            index += 1
            guard index < arguments.count else { fatalError("missing value after \(arguments[index - 1])") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--raw": raw = value()
            case "--work": work = value()
            case "--rounds": rounds = Int(value()) ?? rounds
            case "--batch": batch = Int(value()) ?? batch
            default: fatalError("unknown argument \(arguments[index])")
            }
            index += 1
        }
        guard !raw.isEmpty, !work.isEmpty else { fatalError("usage: outside-bench --raw PATH --work DIR") }
    }
}

func jwk(_ key: PublicKey, kid: String) -> String {
    guard case .rsa(let modulus, let exponent) = key.components else { fatalError("not an RSA key") }
    return
        "{\"kty\":\"RSA\",\"kid\":\"\(kid)\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"\(Base64URL.encode(modulus))\","
        + "\"e\":\"\(Base64URL.encode(exponent))\"}"
}

/// Seconds of wall-clock time.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The C program's loop time for `count` verifications.
func rawSeconds(_ arguments: Arguments, files: [String], count: Int) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments.raw)
    process.arguments = files + [String(count)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard process.terminationStatus == 0, fields.count == 2,
        let seconds = Double(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        fatalError("raw-evp-verify failed (status \(process.terminationStatus))")
    }
    return seconds
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
try FileManager.default.createDirectory(atPath: arguments.work, withIntermediateDirectories: true)

// Two RSA-2048 keys, as Apple publishes several; the token is signed by the second, so the kid is looked up.
let keys = [try PrivateKey.generate(.rsa(modulusBits: 2048)), try PrivateKey.generate(.rsa(modulusBits: 2048))]
let kids = ["outside-1", "outside-2"]
let keySet = try JWKSet(
    jwksJSON: Array(
        ("{\"keys\":[" + zip(keys, kids).map { jwk($0.publicKey, kid: $1) }.joined(separator: ",") + "]}").utf8))
let issuedAt = Int(Date().timeIntervalSince1970)
let claims = """
    {"iss":"\(issuer)","aud":"\(clientID)","exp":\(issuedAt + 86_400),"iat":\(issuedAt),\
    "sub":"001234.5f2c1a9d8e7b4c3a9f1e2d3c4b5a6978.1234","c_hash":"m1Yc6Kt3rXoPk7WzT9sHcQ",\
    "email":"q8xk2ytv7m@privaterelay.appleid.com","email_verified":true,"is_private_email":true,\
    "auth_time":\(issuedAt),"nonce_supported":true,"real_user_status":2}
    """
let token = try JWSSigner(privateKey: keys[1], algorithm: .rs256, keyID: kids[1]).sign(claimsJSON: Array(claims.utf8))
let parts = token.split(separator: ".", omittingEmptySubsequences: false)
let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
let signature = try Base64URL.decode(parts[2], segment: "signature")
let files = ["spki.der", "signing-input", "signature"].map { arguments.work + "/" + $0 }
for (path, bytes) in zip(files, [keys[1].publicKey.derRepresentation, signingInput, signature]) {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

// The verifiers as a user's server makes them: once, then verify per request.
let verifier = JWTVerifier(
    keySet: keySet,
    options: try JWTValidationOptions(audience: .oneOf([clientID]), allowedAlgorithms: [.rs256], issuer: issuer))
let judgedAt = Date(timeIntervalSince1970: Double(issuedAt + 60))
let apple = try AppleIdentityTokenVerifier(clientIDs: [clientID], keySet: keySet, clock: FixedTimeSource(judgedAt))

// Sanity: both accept the token and refuse it with one signature character changed.
var tamperedBytes = Array(token.utf8)
tamperedBytes[tamperedBytes.count - 8] =
    tamperedBytes[tamperedBytes.count - 8] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
let tampered = String(decoding: tamperedBytes, as: UTF8.self)
_ = try verifier.verify(token, now: judgedAt)
_ = try await apple.verify(token, nonce: .insecureNotChecked)
precondition((try? verifier.verify(tampered, now: judgedAt)) == nil, "JWTVerifier accepted a tampered token")
let appleOnTampered = try? await apple.verify(tampered, nonce: .insecureNotChecked)
precondition(appleOnTampered == nil, "the Apple verifier accepted a tampered token")

func verifierSeconds(_ count: Int) throws -> Double {
    let started = now()
    for _ in 0..<count { blackHole(try verifier.verify(token, now: judgedAt)) }
    return now() - started
}

func appleSeconds(_ count: Int) async throws -> Double {
    let started = now()
    for _ in 0..<count { blackHole(try await apple.verify(token, nonce: .insecureNotChecked)) }
    return now() - started
}

// Warm-up, then the rounds.
_ = try rawSeconds(arguments, files: files, count: arguments.batch / 10 + 1)
_ = try verifierSeconds(arguments.batch / 10 + 1)
_ = try await appleSeconds(arguments.batch / 10 + 1)
var verifierRatios: [Double] = []
var appleRatios: [Double] = []
var rawRates: [Double] = []
for round in 0..<arguments.rounds {
    var raw = 0.0
    var plain = 0.0
    var full = 0.0
    if round % 2 == 0 {
        raw = try rawSeconds(arguments, files: files, count: arguments.batch)
        plain = try verifierSeconds(arguments.batch)
        full = try await appleSeconds(arguments.batch)
    } else {
        full = try await appleSeconds(arguments.batch)
        plain = try verifierSeconds(arguments.batch)
        raw = try rawSeconds(arguments, files: files, count: arguments.batch)
    }
    verifierRatios.append(raw / plain)
    appleRatios.append(raw / full)
    rawRates.append(Double(arguments.batch) / raw)
}
for (name, ratios) in [("JWTVerifier", verifierRatios), ("AppleIdentityTokenVerifier", appleRatios)] {
    print(
        "outside \(name) \(median(ratios)) \(ratios.min() ?? 0) \(ratios.max() ?? 0) \(Int(median(rawRates)))")
}
