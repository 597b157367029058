import Foundation
import GatehouseTesting
import Testing

/// Library issue item 1: the libcurl loader defines its forwarders under the project's prefix (`gatehouse_curl_`),
/// never under libcurl's names, which would replace libcurl's own functions for every caller in a process that also
/// links libcurl (Swift executables on Linux export their symbols). The release `jwtcheck` is checked by
/// `scripts/check-libcurl-symbols`, which `make test` runs after this suite: it needs a release build.
@Suite("libcurl's names stay libcurl's: the project defines none, and a process linking libcurl works beside it")
struct LibcurlSymbolTests {
    /// The symbols `nm` lists as defined, as (file, name) pairs.
    /// - Parameters:
    ///   - options: `nm` options besides `--defined-only` and `-A`.
    ///   - files: the files.
    static func definedSymbols(_ options: [String], _ files: [String]) throws -> [(file: String, name: String)] {
        let nm = try ProcessRunner.run(
            executableAt: URL(fileURLWithPath: "/usr/bin/env"), ["nm", "--defined-only", "-A"] + options + files)
        #expect(nm.status == 0, "nm (binutils) failed: \(nm.standardError)")
        // -A lines: "<file>:<address> <type> <name>" (the file name may not contain ": ").
        return nm.standardOutput.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard let name = fields.last, let file = fields.first?.split(separator: ":").first else { return nil }
            return (String(file), String(name))
        }
    }

    static func isLibcurlName(_ name: String) -> Bool { name.lowercased().hasPrefix("curl_") }

    @Test("no object file of the project's targets defines a symbol named curl_* (nm --defined-only)")
    func objects() throws {
        let products = ProcessRunner.productsDirectory
        let enumerator = FileManager.default.enumerator(at: products, includingPropertiesForKeys: nil)
        var objects: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "o", url.path.contains(".build/") { objects.append(url.path) }
        }
        let loader = objects.filter { $0.contains("/CCurlLoader.build/") }
        #expect(!loader.isEmpty, "no CCurlLoader object under \(products.path): the check would prove nothing")
        #expect(objects.contains { $0.contains("/GatehouseHTTP.build/") })
        let symbols = try Self.definedSymbols([], objects)
        let offenders = symbols.filter { Self.isLibcurlName($0.name) }.map { "\($0.name) in \($0.file)" }
        #expect(
            offenders.isEmpty,
            "symbols under libcurl's names (an object of a removed target? clean .build): \(offenders.joined(separator: ", "))"
        )
        // The loader's forwarders are there, under the project's prefix.
        #expect(symbols.contains { $0.name == "gatehouse_curl_easy_init" && loader.contains($0.file) })
    }

    @Test("the built jwtcheck defines no curl_* symbol, exported or not (nm -D --defined-only, nm --defined-only)")
    func executable() throws {
        let jwtcheck = ProcessRunner.executable("jwtcheck").path
        let exported = try Self.definedSymbols(["-D"], [jwtcheck]).filter { Self.isLibcurlName($0.name) }
        #expect(exported.isEmpty, "exported: \(exported.map(\.name))")
        let all = try Self.definedSymbols([], [jwtcheck])
        #expect(all.filter { Self.isLibcurlName($0.name) }.isEmpty)
        #expect(all.contains { $0.name == "gatehouse_curl_easy_init" }, "the loader is not in \(jwtcheck)")
    }

    @Test("a process that links libcurl itself works beside GatehouseHTTP, and its libcurl calls reach libcurl")
    func neighbour() throws {
        let server = try LoopbackHTTPServer()
        server.route("/n", respond: .text("neighbour"))
        let result = try ProcessRunner.run("gatehouse-curl-neighbour", [server.url("/n")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        for step in [
            "version: ok libcurl/", "libcurl functions: ok", "libcurl before: ok 200 neighbour",
            "GatehouseHTTP: ok 200 neighbour", "libcurl during: ok", "GatehouseHTTP during: ok",
            "libcurl after: ok 200 neighbour", "libcurl functions after: ok",
        ] {
            #expect(result.standardOutput.contains(step), "'\(step)' missing from:\n\(result.standardOutput)")
        }
        // libcurl's three fetches and GatehouseHTTP's three.
        #expect(server.requestCount(path: "/n") == 6)
    }
}
