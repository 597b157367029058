import AppleSignIn
import Foundation
import GatehouseHTTP
import GatehouseTesting
import JWT
import Testing

/// The on-disk key set copy: private modes, atomic writes, and every reason a file is not trusted.
@Suite("Key set disk cache")
struct KeySetDiskCacheTests {
    static let url = "https://appleid.apple.com/auth/keys"
    static let body = Array(TestKeys.jwks([(TestKeys.first, "key-1")]).utf8)
    static let time = Date(timeIntervalSince1970: 1_795_953_600)

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// A cache in a new temporary directory, removed with the value.
    struct TemporaryCache {
        let temporary: TemporaryDirectory
        let cache: KeySetDiskCache

        /// - Parameter storesSample: whether the cache starts holding `body` for `url`, stored at `time` (where the
        ///   tests of what is not trusted start), or empty.
        init(storesSample: Bool = true) throws {
            temporary = try TemporaryDirectory()
            cache = KeySetDiskCache(directory: temporary.url.path + "/c")
            if storesSample {
                cache.store(
                    KeySetDiskCacheTests.body, url: KeySetDiskCacheTests.url, storedAt: KeySetDiskCacheTests.time)
            }
        }
    }

    static func expectMiss(
        _ lookup: KeySetDiskCache.Lookup, naming: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .miss(let reason) = lookup else {
            Issue.record("expected a miss naming \(naming), got a hit", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.contains(naming), "\(reason)", sourceLocation: sourceLocation)
    }

    @Test("store then load: directory 0700, file 0600 named by the URL's SHA-256, no temporary file left")
    func roundTrip() throws {
        let temporary = try TemporaryDirectory()
        let cache = KeySetDiskCache(directory: temporary.url.path + "/nested/gatehouse")
        #expect(cache.store(Self.body, url: Self.url, storedAt: Self.time) == nil)
        #expect(try Self.mode(cache.directory) == 0o700)
        let path = cache.path(for: Self.url)
        #expect(path.hasSuffix("/" + AppleNonce.sha256Hex(Self.url) + ".jwks.json"))
        #expect(try Self.mode(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory).count == 1)
        guard case .hit(let keySet, let storedAt) = cache.load(url: Self.url, now: Self.time, maximumAge: 60) else {
            Issue.record("expected a hit")
            return
        }
        #expect(keySet.keyIDs == ["key-1"])
        #expect(abs(storedAt.timeIntervalSince(Self.time)) < 0.001)
        Self.expectMiss(
            cache.load(url: "https://other.example/keys", now: Self.time, maximumAge: 60),
            naming: "no usable cached copy")
    }

    @Test("a copy older than the age allowed is ignored, naming its age")
    func tooOld() throws {
        let stored = try TemporaryCache()
        Self.expectMiss(
            stored.cache.load(url: Self.url, now: Self.time.addingTimeInterval(100), maximumAge: 99),
            naming: "100 s old, over the limit of 99 s")
    }

    @Test("a file writable by group or others is ignored (it could have been replaced by someone else)")
    func groupWritableFile() throws {
        let stored = try TemporaryCache()
        chmod(stored.cache.path(for: Self.url), 0o620)
        Self.expectMiss(
            stored.cache.load(url: Self.url, now: Self.time, maximumAge: 60), naming: "writable by group or others")
    }

    @Test("a directory writable by others is not trusted, for reads or writes")
    func openDirectory() throws {
        let stored = try TemporaryCache()
        chmod(stored.cache.directory, 0o777)
        Self.expectMiss(stored.cache.load(url: Self.url, now: Self.time, maximumAge: 60), naming: "mode 777")
        #expect(
            stored.cache.store(Self.body, url: Self.url, storedAt: Self.time)?.contains("writable by group or others")
                == true)
    }

    @Test("a file owned by another user is ignored", .enabled(if: geteuid() == 0, "needs root to chown"))
    func foreignOwner() throws {
        let stored = try TemporaryCache()
        #expect(chown(stored.cache.path(for: Self.url), 65_534, 65_534) == 0)
        Self.expectMiss(stored.cache.load(url: Self.url, now: Self.time, maximumAge: 60), naming: "owned by uid 65534")
    }

    @Test("a symbolic link in place of the file is not followed")
    func symlink() throws {
        let stored = try TemporaryCache()
        let real = stored.temporary.url.path + "/elsewhere.json"
        try FileManager.default.moveItem(atPath: stored.cache.path(for: Self.url), toPath: real)
        try FileManager.default.createSymbolicLink(atPath: stored.cache.path(for: Self.url), withDestinationPath: real)
        Self.expectMiss(
            stored.cache.load(url: Self.url, now: Self.time, maximumAge: 60), naming: "no usable cached copy")
    }

    @Test("a corrupt file (truncated, not JSON, no usable key) is ignored naming why")
    func corrupt() throws {
        let stored = try TemporaryCache(storesSample: false)
        for (bytes, named) in [
            (Array(Self.body.prefix(30)), "not a usable JWKS"), (Array("garbage".utf8), "not a usable JWKS"),
            (Array("{\"keys\":[]}".utf8), "none is usable"),
        ] {
            stored.cache.store(bytes, url: Self.url, storedAt: Self.time)
            Self.expectMiss(stored.cache.load(url: Self.url, now: Self.time, maximumAge: 60), naming: named)
        }
    }

    @Test("the default directory: $XDG_CACHE_HOME/gatehouse, else ~/.cache/gatehouse; relative paths are ignored")
    func defaultDirectory() {
        #expect(
            KeySetDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/gatehouse")
        #expect(KeySetDiskCache.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.cache/gatehouse")
        #expect(
            KeySetDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
                == "/h/.cache/gatehouse")
        #expect(KeySetDiskCache.defaultDirectory(environment: [:]) == nil)
    }

    @Test("a provider writes what it fetched; a new provider starts warm from it while the server is down")
    func warmStart() async throws {
        let stored = try TemporaryCache(storesSample: false)
        let server = try LoopbackHTTPServer()
        let keys = SwitchableResponse(.json(String(decoding: Self.body, as: UTF8.self)))
        server.route("/auth/keys", keys.handler)
        let clock = ManualClock()
        let configuration = AppleKeySetProvider.Configuration(url: server.url("/auth/keys"), diskCache: stored.cache)
        let first = AppleKeySetProvider(http: CurlHTTPClient(), configuration: configuration, clock: clock)
        _ = try await first.keySet(containing: "key-1")
        #expect(FileManager.default.fileExists(atPath: stored.cache.path(for: server.url("/auth/keys"))))

        keys.set(.text("down", status: 500))
        clock.advance(100)
        let second = AppleKeySetProvider(http: CurlHTTPClient(), configuration: configuration, clock: clock)
        #expect(try await second.keySet(containing: "key-1").keyIDs == ["key-1"])
        #expect(await second.fetchCount == 0, "within the freshness floor the disk copy is used without a fetch")

        // Past the floor it fetches, fails, and serves the disk copy as stale.
        clock.advance(300)
        #expect(try await second.keySet(containing: "key-1").keyIDs == ["key-1"])
        #expect(await second.fetchCount == 1)

        // A copy past freshness plus the stale limit is not used at all.
        clock.advance(86_400)
        let third = AppleKeySetProvider(http: CurlHTTPClient(), configuration: configuration, clock: clock)
        let error = await #expect(throws: AppleSignInError.self) { try await third.keySet(containing: "key-1") }
        #expect(error?.code == .keySetUnavailable)
        #expect(error?.reason.contains("HTTP 500") == true)
    }

    @Test(
        "a copy whose modification time is in the future is stale: not used, naming the time",
        arguments: [1.0, 3_600, 365 * 86_400, 1e9] as [TimeInterval])
    func futureModificationTime(ahead: TimeInterval) throws {
        let stored = try TemporaryCache(storesSample: false)
        #expect(stored.cache.store(Self.body, url: Self.url, storedAt: Self.time.addingTimeInterval(ahead)) == nil)
        Self.expectMiss(
            stored.cache.load(url: Self.url, now: Self.time, maximumAge: 86_700), naming: "in the future")
    }

    @Test("a provider never trusts a year-ahead copy: it fetches, and the key the server removed is refused")
    func futureCopyIsRefetched() async throws {
        let stored = try TemporaryCache(storesSample: false)
        let server = try LoopbackHTTPServer()
        let url = server.url("/auth/keys")
        // The copy on disk, stamped a year ahead, still holds key-1; the server has replaced it by key-2.
        let clock = ManualClock()
        #expect(stored.cache.store(Self.body, url: url, storedAt: clock.now().addingTimeInterval(365 * 86_400)) == nil)
        let keys = SwitchableResponse(.json(TestKeys.jwks([(TestKeys.second, "key-2")])))
        server.route("/auth/keys", keys.handler)
        let provider = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: url, diskCache: stored.cache), clock: clock)
        let verifier = try AppleKeySetProviderTests.verifier(provider, clock: clock)
        let error = await #expect(throws: AppleSignInError.self) {
            try await verifier.verify(TestKeys.token(), nonce: .insecureNotChecked)
        }
        #expect(error?.jwtError?.code == .unknownKeyID, "\(error.map { "\($0)" } ?? "accepted")")
        #expect(await provider.fetchCount == 1)
        _ = try await verifier.verify(TestKeys.token(key: TestKeys.second, kid: "key-2"), nonce: .insecureNotChecked)

        // With the server down, a year-ahead copy is not served either.
        #expect(stored.cache.store(Self.body, url: url, storedAt: clock.now().addingTimeInterval(365 * 86_400)) == nil)
        keys.set(.text("down", status: 500))
        let cold = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: url, diskCache: stored.cache), clock: clock)
        let down = await #expect(throws: AppleSignInError.self) { try await cold.keySet(containing: "key-1") }
        #expect(down?.code == .keySetUnavailable)
        #expect(down?.reason.contains("HTTP 500") == true)
    }

    @Test(
        "a response with Cache-Control no-store is not written to disk, and replaces no copy there",
        arguments: ["no-store", "private, NO-STORE", "max-age=600, no-store"])
    func noStoreNotWritten(header: String) async throws {
        let stored = try TemporaryCache(storesSample: false)
        let server = try LoopbackHTTPServer()
        let url = server.url("/auth/keys")
        server.route(
            "/auth/keys", respond: .json(AppleKeySetProviderTests.oneKey, headers: [("Cache-Control", header)]))
        let provider = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: url, diskCache: stored.cache), clock: ManualClock())
        _ = try await provider.keySet(containing: "key-1")
        #expect(!FileManager.default.fileExists(atPath: stored.cache.path(for: url)), "\(header)")

        // An older copy, from a response that allowed storing, is removed: the URL no longer serves it.
        let clock = ManualClock()
        clock.advance(-400)
        #expect(stored.cache.store(Self.body, url: url, storedAt: clock.now()) == nil)
        clock.advance(400)
        let second = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: url, diskCache: stored.cache), clock: clock)
        _ = try await second.keySet(containing: "key-1")
        #expect(await second.fetchCount == 1)
        #expect(!FileManager.default.fileExists(atPath: stored.cache.path(for: url)), "\(header)")
    }

    @Test("the no-store directive is honoured on a second Cache-Control line too")
    func noStoreOnSecondLine() async throws {
        let stored = try TemporaryCache(storesSample: false)
        let server = try LoopbackHTTPServer()
        let url = server.url("/auth/keys")
        server.route(
            "/auth/keys",
            respond: .json(
                AppleKeySetProviderTests.oneKey,
                headers: [("Cache-Control", "max-age=600"), ("Cache-Control", "no-store")]))
        let provider = AppleKeySetProvider(
            http: CurlHTTPClient(), configuration: .init(url: url, diskCache: stored.cache), clock: ManualClock())
        _ = try await provider.keySet(containing: "key-1")
        #expect(!FileManager.default.fileExists(atPath: stored.cache.path(for: url)))
    }
}
