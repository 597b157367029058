// swift-tools-version: 6.0
// The verification benchmark seen from outside Gatehouse (issue 20's regression): a package of its own that depends
// on the JWT and AppleSignIn products as a user's server does, with no access to internal API and no build settings
// of Gatehouse's own, against a C program on OpenSSL. Built and run by `make bench` (Benchmarks/run), which passes
// its binaries to gatehouse-bench (section `outside`).
import PackageDescription

// A path dependency's package name is the name of its folder, which differs between clones (CI clones into a
// folder of its own): read it from this manifest's own path, two folders up.
let gatehouseFolder = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "Gatehouse"

let package = Package(
    name: "gatehouse-outside-bench",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        // OpenSSL's libcrypto for the C side, through pkg-config as Gatehouse's own COpenSSL does.
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The baseline: a C program, the key preloaded, then EVP_DigestVerifyInit + EVP_DigestVerify per token.
        .executableTarget(name: "raw-evp-verify", dependencies: ["CLibCrypto"]),
        // The subject: JWTVerifier and AppleIdentityTokenVerifier through the public products only.
        .executableTarget(
            name: "outside-bench",
            dependencies: [
                .product(name: "JWT", package: gatehouseFolder),
                .product(name: "AppleSignIn", package: gatehouseFolder),
            ]),
    ]
)
