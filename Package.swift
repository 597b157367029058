// swift-tools-version: 6.0
// Gatehouse: server-side Sign in with Apple (a strict JOSE core on OpenSSL 3) and an App Review timeline.
// Swift 6 language mode (the tools version's default) gives complete concurrency checking.
import PackageDescription

#if os(Linux)
    // Linker/libstdc++.so is a linker script that makes the runtime's `-lstdc++` the static archive (see the file).
    let staticSwiftInRelease: [LinkerSetting] = [
        .unsafeFlags(
            [
                "-static-stdlib", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims", "-Xlinker",
                "-lswiftSynchronization", "-L", Context.packageDirectory + "/Linker",
            ],
            .when(configuration: .release))
    ]
#else
    let staticSwiftInRelease: [LinkerSetting] = []
#endif

let package = Package(
    name: "Gatehouse",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JWT", targets: ["JWT"]),
        .library(name: "GatehouseHTTP", targets: ["GatehouseHTTP"]),
        .library(name: "AppleSignIn", targets: ["AppleSignIn"]),
        .library(name: "ReviewLog", targets: ["ReviewLog"]),
        .library(name: "ReviewPostgreSQL", targets: ["ReviewPostgreSQL"]),
        // A product: a server that shows its own apps' review states (a dashboard, a bot) can depend on the typed
        // App Store Connect client without the review store or the command line.
        .library(name: "AppStoreConnect", targets: ["AppStoreConnect"]),
        // App Store signed data (Server Notifications V2, transactions, renewal info, AppTransaction): its x5c chain
        // verified to Apple's root on OpenSSL, with OCSP, for a server that takes App Store notifications.
        .library(name: "AppStoreServer", targets: ["AppStoreServer"]),
        .executable(name: "jwtcheck", targets: ["jwtcheck"]),
        .executable(name: "review", targets: ["review"]),
    ],
    targets: [
        // C libraries from the system, through pkg-config. C types never leave the module that wraps them.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // libcurl's headers only: it is not linked but opened on first use by CCurlLoader (process start-up), whose
        // functions all carry the project's prefix (gatehouse_curl_*): no definition may shadow libcurl's own.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "CCurlLoader", dependencies: ["CCurl"]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libpq, PostgreSQL's client library: the review store on a PostgreSQL server (`--db postgres://...`).
        .systemLibrary(
            name: "CPostgreSQL",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // GNU libmicrohttpd, the embedded HTTP server under `review serve` (webhooks in).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),

        // Rules every module shares, as `package` API (not a product): exact string comparison, control characters
        // escaped in text that came from outside, civil-time arithmetic and ISO 8601 text; and the public API several
        // products offer: CodedError, the shape of every module's error type, TimeSource, the injected clock (JWT and
        // AppleSignIn name it for their users), and JSONText, the JSON writer (ReviewLog names it). GatehouseFoundation
        // for TimeSource's Date.
        .target(name: "GatehouseCore", dependencies: ["GatehouseFoundation"]),
        // The Foundation the modules build on, chosen in one file: FoundationEssentials where the toolchain has it.
        .target(name: "GatehouseFoundation"),

        // Libraries.
        .target(name: "JWT", dependencies: ["COpenSSL", "GatehouseCore", "GatehouseFoundation"]),
        .target(name: "GatehouseHTTP", dependencies: ["CCurlLoader", "GatehouseCore"]),
        .target(name: "AppleSignIn", dependencies: ["JWT", "GatehouseHTTP", "GatehouseCore", "GatehouseFoundation"]),
        .target(name: "ReviewLog", dependencies: ["CSQLite", "GatehouseCore", "GatehouseFoundation"]),
        // The review store on a PostgreSQL server (libpq), for a team: ReviewLog's one store type,
        // RelationalReviewStore, opened on a second driver (`init(postgreSQLURL:)`).
        .target(name: "ReviewPostgreSQL", dependencies: ["ReviewLog", "CPostgreSQL", "GatehouseCore"]),
        .target(
            name: "AppStoreConnect", dependencies: ["JWT", "GatehouseHTTP", "GatehouseCore", "GatehouseFoundation"]),
        // App Store signed data. Errors/: one error, a code per check. Trust/: the roots (Apple Root CA - G3
        // embedded). Chain/: the x5c path to a trusted root on OpenSSL, Apple's extensions, validity at the validation
        // time, verified chains cached. Online/: OCSP over GatehouseHTTP, its responses cached to their nextUpdate.
        // Payloads/: the typed notification, transaction, renewal info and AppTransaction. Verification/: the
        // verifier and its result. Decoding/: a signed payload shown unverified (jwtcheck appstore decode).
        .target(
            name: "AppStoreServer",
            dependencies: ["COpenSSL", "JWT", "GatehouseHTTP", "GatehouseCore", "GatehouseFoundation"]),
        // review's App Store Connect sync: one pass over a key's apps into the store, a sync run over several keys'
        // passes (SyncRun: the pending webhook deliveries first, then each pass, one aggregated result), the watcher,
        // the credentials, and the webhook version resolver (ReviewLog's WebhookVersionResolving, and its
        // PendingWebhookResolver, which ReviewWebhooks and ReviewServe take too, so that the sync depends on neither).
        // Signing/: the signing tracker's look at a key's certificates and profiles (SigningPass), which `sync` and
        // `watch` run after the review states, and ReviewSigning's re-read of the tracked local files.
        .target(
            name: "ReviewSync",
            dependencies: ["ReviewLog", "ReviewSigning", "AppStoreConnect", "GatehouseCore", "GatehouseFoundation"]),
        // review serve, in four layers: ReviewWebhooks decides (a request in, an answer and what to store out:
        // size, signature, payload; pure, so tests and the fuzzer drive it without sockets), MicroHTTPServer carries
        // HTTP on libmicrohttpd (knows nothing of webhooks), ReviewServe runs them as one service (WebhookService: the
        // server with the receiver, the pending resolver loop and ReviewNotify's deliverer, started, drained and
        // stopped on one GracefulShutdown, on an injected clock), and ReviewCLI only builds the service from its
        // options and renders what it reports. ReviewServe is a target of its own so that the request layer stays
        // free of the deliverer and libcurl, and the next background services join it there, not in the CLI.
        .target(
            name: "ReviewWebhooks",
            dependencies: ["ReviewLog", "JWT", "MicroHTTPServer", "GatehouseCore", "GatehouseFoundation"]),
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "GatehouseCore"]),
        .target(
            name: "ReviewServe",
            dependencies: [
                "ReviewWebhooks", "MicroHTTPServer", "ReviewNotify", "ReviewLog", "ReviewReport", "GatehouseHTTP",
                "GatehouseCore", "JWT",
            ]),

        // Notifications out: the channels' payloads, the generic webhook's signature and the outbox's deliverer, apart
        // from the command line so that `review watch` and `review serve` run the same engine.
        .target(
            name: "ReviewNotify",
            dependencies: ["ReviewLog", "GatehouseHTTP", "JWT", "GatehouseCore", "GatehouseFoundation"]),

        // review's signing tracker (issue 22). Files/: the local signing files read from their content (a provisioning
        // profile through OpenSSL's CMS API, its signature checked for integrity and its signer's chain to Apple's
        // roots; a certificate in PEM or DER; a Sign in with Apple client secret through JWT's UnverifiedJWT, with
        // AppleSignIn's six-month ceiling), each with its expiry, name and detail. Tracking/: what the store records of
        // a file (ReviewLog's SigningSighting), and the pass that re-reads every tracked file. The items, their history
        // and alerts are ReviewLog's (Signing/, and the store's SigningStore), beside the review states.
        .target(
            name: "ReviewSigning",
            dependencies: ["COpenSSL", "JWT", "AppleSignIn", "ReviewLog", "GatehouseCore", "GatehouseFoundation"]),

        // review report --html: the store's history as one self-contained HTML page (inline CSS and SVG, no script).
        .target(name: "ReviewReport", dependencies: ["ReviewLog", "GatehouseCore"]),

        // Command lines: shared scaffolding, one testable library per tool, and thin executables. CommandLineKit holds
        // the command protocol (one type per command: spec, parse, validation, how it runs, its run) and the one
        // runner both tools run through, the option records, and the help, man page and completions written from
        // them. JWTCheckCLI and ReviewCLI have the same rooms: Commands/ (a file per command, the tool's root, its
        // ExitStatusMapping.swift), Rendering/ (the output), Interface/ (the option records), Parsing/ (the values
        // options parse into) and Environment/ (what a run takes from outside: the clock, the variables).
        .target(name: "CommandLineKit", dependencies: ["GatehouseCore"]),
        .target(
            name: "JWTCheckCLI",
            dependencies: [
                "JWT", "AppleSignIn", "AppStoreServer", "GatehouseHTTP", "CommandLineKit", "GatehouseCore",
                "GatehouseFoundation",
            ]),
        .target(
            name: "ReviewCLI",
            dependencies: [
                "ReviewLog", "ReviewPostgreSQL", "ReviewSync", "ReviewNotify", "ReviewWebhooks", "ReviewServe",
                "ReviewReport", "ReviewSigning", "MicroHTTPServer",
                "AppStoreConnect", "GatehouseHTTP", "CommandLineKit", "GatehouseFoundation",
            ]),
        // Release builds link the Swift runtime and Foundation statically: a command line starts in about 5 ms of
        // CPU instead of 8 (no relocation of a dozen shared libraries); issue 5's process benchmarks.
        .executableTarget(
            name: "jwtcheck", dependencies: ["JWTCheckCLI", "CommandLineKit", "JWT"],
            linkerSettings: staticSwiftInRelease),
        .executableTarget(
            name: "review", dependencies: ["ReviewCLI", "CommandLineKit", "GatehouseCore"],
            linkerSettings: staticSwiftInRelease),

        // Test support shared by the test targets, in two parts, so that a test target builds only what it tests
        // (the JWT tests build neither libpq nor the review store). The core part: paths to ../shared, running built
        // binaries, loopback servers, a manual clock (a TimeSource) and a test clock for waits (a Clock), malformed
        // keys, error and command-line assertions, and SkipUnlessCI, the one rule for a missing program (skipped, a
        // failure when CI=true). GatehouseCore for its Mutex helper; JWT because the fake App Store Connect server
        // verifies every bearer token it receives (ES256 signature with the key's public half, kid, aud, iss or sub,
        // exp - iat) with the package's own verifier, as Apple would; CommandLineKit for the help and man page
        // assertions.
        .target(
            name: "GatehouseTesting", dependencies: ["GatehouseCore", "JWT", "CommandLineKit"],
            path: "Tests/GatehouseTesting"),
        // The review part: the throwaway PostgreSQL server and StoreKind, which runs the store's contract tests on
        // both stores (ReviewLog and ReviewPostgreSQL), the stub webhook version resolvers of the receiver and
        // service tests, and the App Store output baseline (issue 24): the generated history and the committed hashes'
        // file, which the CLI tests and the bench share.
        .target(
            name: "ReviewTesting",
            dependencies: ["GatehouseTesting", "GatehouseCore", "ReviewLog", "ReviewPostgreSQL"],
            path: "Tests/ReviewTesting"),
        // An App Store PKI made with the openssl command (root, WWDR-like intermediate, receipt-signing leaves and the
        // faulty variants), for the AppStoreServer tests, the jwtcheck appstore tests and the bench.
        .target(name: "AppStoreTesting", dependencies: ["GatehouseTesting", "JWT"], path: "Tests/AppStoreTesting"),
        // The signing files the tests make themselves (ReviewSigningTests reads them, ReviewCLITests tracks them through
        // the binary): profiles signed with `openssl cms -sign` from throwaway keys, certificates in DER and PEM, and
        // client secrets from the project's own signer (AppleSignIn's AppleClientSecret).
        .target(
            name: "SigningTesting", dependencies: ["GatehouseTesting", "AppleSignIn", "JWT"],
            path: "Tests/SigningTesting"),
        // A process that links libcurl itself beside GatehouseHTTP, as a server with FoundationNetworking does: the
        // HTTP tests run it to prove that the loader leaves libcurl's own functions to libcurl (library issue item 1).
        .target(
            name: "CCurlNeighbour", dependencies: ["CCurl"], path: "Tests/CCurlNeighbour",
            linkerSettings: [.linkedLibrary("curl")]),
        .executableTarget(
            name: "gatehouse-curl-neighbour", dependencies: ["CCurlNeighbour", "GatehouseHTTP"],
            path: "Tests/CurlNeighbour"),
        // make demo's stand-in for App Store Connect: the fake server above on a loopback port, with three apps, for
        // `review sync` without the network (Samples/README.md). An executable target, so `swift build -c release`
        // (make release) builds it beside the products; never installed.
        .executableTarget(
            name: "gatehouse-asc-standin", dependencies: ["GatehouseTesting", "GatehouseCore", "JWT"],
            path: "Tests/ASCStandIn"),

        // The README's Swift blocks, each a program of its own (top-level code in a main.swift, imports included), built
        // with the package so that a block that stops compiling fails the build; ReadmeSnippetTests checks that the
        // README holds each one byte for byte, and runs the second against a stand-in for Apple. Never installed.
        .executableTarget(
            name: "readme-sign-in-with-apple", dependencies: ["AppleSignIn"],
            path: "Tests/ReadmeSnippets/SignInWithApple"),
        .executableTarget(
            name: "readme-sign-in-with-apple-in-tests", dependencies: ["AppleSignIn", "GatehouseHTTP"],
            path: "Tests/ReadmeSnippets/SignInWithAppleInTests"),
        .executableTarget(name: "readme-jwt-verifier", dependencies: ["JWT"], path: "Tests/ReadmeSnippets/JWTVerifier"),
        .executableTarget(
            name: "readme-app-store-server", dependencies: ["AppStoreServer"],
            path: "Tests/ReadmeSnippets/AppStoreServer"),

        // make demo's receiver of generic webhook notifications: the loopback server above, checking each delivery's
        // signature with ReviewNotify's GatehouseWebhookSignature. An executable target like the stand-in; never
        // installed.
        .executableTarget(
            name: "gatehouse-notify-receiver", dependencies: ["GatehouseTesting", "ReviewNotify"],
            path: "Tests/NotifyReceiver"),

        // Benchmarks (make bench): out of the library's way. AllocationCounter interposes malloc to count allocations.
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .executableTarget(
            name: "gatehouse-bench",
            dependencies: [
                "JWT", "AppleSignIn", "GatehouseCore", "COpenSSL", "AllocationCounter",
                // The sync section: SyncPass in process against the fake App Store Connect server, into SQLite.
                "ReviewSync", "ReviewLog", "AppStoreConnect", "GatehouseTesting", "ReviewTesting",
                // The review serve section: signatures for the deliveries it sends to the release binary.
                "ReviewWebhooks",
                // The App Store section: genuine signed data verified offline.
                "AppStoreServer",
            ],
            path: "Benchmarks/GatehouseBenchmarks"
        ),

        .testTarget(name: "GatehouseCoreTests", dependencies: ["GatehouseCore"]),
        .testTarget(
            name: "CommandLineKitTests", dependencies: ["CommandLineKit", "GatehouseCore", "GatehouseTesting"]),
        .testTarget(name: "JWTTests", dependencies: ["JWT", "GatehouseCore", "GatehouseTesting"]),
        .testTarget(
            name: "GatehouseHTTPTests",
            dependencies: ["GatehouseHTTP", "GatehouseTesting", "GatehouseFoundation", "gatehouse-curl-neighbour"]),
        .testTarget(
            name: "AppleSignInTests",
            dependencies: [
                "AppleSignIn", "JWT", "GatehouseHTTP", "GatehouseTesting",
                "readme-sign-in-with-apple", "readme-sign-in-with-apple-in-tests", "readme-jwt-verifier",
            ]),
        .testTarget(name: "ReviewLogTests", dependencies: ["ReviewLog", "GatehouseTesting", "ReviewTesting"]),
        // The PostgreSQL store's own rules (URLs, connection failures, schema, retries), on the tests' throwaway
        // server; and async callers (the notification deliverer among them) waiting for its writers' lock off the
        // cooperative pool.
        .testTarget(
            name: "ReviewPostgreSQLTests",
            dependencies: ["ReviewPostgreSQL", "ReviewLog", "ReviewNotify", "GatehouseTesting", "ReviewTesting"]),
        // The report's HTML (escaping, sections) and, in headless Chromium, its layout at desktop and phone widths.
        .testTarget(name: "ReviewReportTests", dependencies: ["ReviewReport", "ReviewLog", "GatehouseTesting"]),
        .testTarget(
            name: "ReviewNotifyTests",
            dependencies: ["ReviewNotify", "ReviewLog", "GatehouseHTTP", "GatehouseTesting", "ReviewTesting"]),
        .testTarget(
            name: "ReviewSyncTests",
            dependencies: ["ReviewSync", "ReviewLog", "AppStoreConnect", "JWT", "GatehouseTesting", "ReviewTesting"]),
        // The signing files made by the tests themselves (SigningTesting): profiles signed with `openssl cms -sign` from
        // throwaway keys (one altered after signing), certificates in DER and PEM, client secrets from AppleClientSecret
        // and JWSSigner.
        .testTarget(
            name: "ReviewSigningTests",
            dependencies: ["ReviewSigning", "AppleSignIn", "JWT", "GatehouseTesting", "SigningTesting"]),
        .testTarget(
            name: "AppStoreConnectTests", dependencies: ["AppStoreConnect", "JWT", "GatehouseHTTP", "GatehouseTesting"]),
        .testTarget(
            name: "AppStoreServerTests",
            dependencies: ["AppStoreServer", "JWT", "GatehouseHTTP", "GatehouseTesting", "AppStoreTesting"]),
        .testTarget(
            name: "JWTCheckCLITests",
            dependencies: [
                "JWTCheckCLI", "jwtcheck", "JWT", "AppleSignIn", "CommandLineKit", "GatehouseTesting",
                // jwtcheck appstore: the verifier's report, and signed data from the test PKI.
                "AppStoreServer", "AppStoreTesting",
            ]
        ),
        .testTarget(name: "MicroHTTPServerTests", dependencies: ["MicroHTTPServer", "GatehouseTesting"]),
        .testTarget(
            name: "ReviewWebhooksTests",
            dependencies: ["ReviewWebhooks", "MicroHTTPServer", "ReviewLog", "GatehouseTesting", "ReviewTesting"]),
        // The service in process: a webhook over loopback, the wake, the pending loop on a test clock, the drain.
        .testTarget(
            name: "ReviewServeTests",
            dependencies: [
                "ReviewServe", "ReviewWebhooks", "MicroHTTPServer", "ReviewNotify", "ReviewLog", "ReviewReport",
                "GatehouseCore", "GatehouseTesting", "ReviewTesting",
            ]),
        .testTarget(
            name: "ReviewCLITests",
            dependencies: [
                "ReviewCLI", "review", "ReviewLog", "CommandLineKit", "GatehouseTesting", "ReviewTesting",
                "AppStoreConnect", "JWT",
                "ReviewWebhooks", "ReviewPostgreSQL", "SigningTesting", "MicroHTTPServer",
            ]
        ),
    ]
)

// Fuzzing (`make fuzz`): each target's code lives in GatehouseFuzzing, which the normal test suite also runs over
// the seed corpora and past findings; each `fuzz-<name>` executable is a thin entry point. Built with
// `-sanitize=fuzzer,address -DFUZZING` it is a libFuzzer binary; in a normal build it replays the files it is given.
let fuzzTargets = [
    "jws", "jwks", "key-import", "review-import", "time", "jwtcheck-cli", "review-cli", "jwtcheck-render", "webhook",
    "chat-payload", "appstore",
]
package.targets += [
    .target(
        name: "GatehouseFuzzing",
        dependencies: [
            "JWT", "ReviewLog", "CommandLineKit", "JWTCheckCLI", "ReviewCLI", "ReviewWebhooks", "MicroHTTPServer",
            "GatehouseFoundation", "ReviewNotify", "AppStoreServer",
            // The chat-payload target checks payloads with ChatPayloadInspection, the tests' reading of the services'
            // text rules.
            "GatehouseTesting",
        ],
        path: "Fuzz/GatehouseFuzzing"
    ),
    .testTarget(name: "GatehouseFuzzingTests", dependencies: ["GatehouseFuzzing", "GatehouseTesting"]),
]
package.targets += fuzzTargets.map { name in
    .executableTarget(name: "fuzz-\(name)", dependencies: ["GatehouseFuzzing"], path: "Fuzz/Targets/fuzz-\(name)")
}
