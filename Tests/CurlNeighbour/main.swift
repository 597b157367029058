// gatehouse-curl-neighbour URL: a process that links libcurl itself and uses it beside GatehouseHTTP, as a server with
// FoundationNetworking does (library issue item 1). GatehouseHTTP's loader must leave libcurl's functions to
// libcurl: this checks that every libcurl function the process calls by name is libcurl's own, then fetches the
// URL with libcurl directly, with GatehouseHTTP, both at once, and with libcurl again. One line per step on
// stdout; exit status 0 when every step succeeded, 1 otherwise.
import CCurlNeighbour
import GatehouseHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

guard CommandLine.arguments.count == 2 else {
    print("usage: gatehouse-curl-neighbour URL")
    exit(64)
}
let url = CommandLine.arguments[1]
var failed = false

@MainActor func report(_ step: String, _ ok: Bool, _ detail: String) {
    print("\(step): \(ok ? "ok" : "FAILED") \(detail)")
    if !ok { failed = true }
}

func fetchWithLibcurl() -> (status: Int, body: String) {
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = gatehouse_neighbour_fetch(url, &buffer, buffer.count)
    return (status, String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

func fetchWithGatehouse() async -> String {
    do {
        let response = try await CurlHTTPClient().send(.get(url))
        return "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
    } catch {
        return "\(error)"
    }
}

let version = String(cString: gatehouse_neighbour_curl_version())
report("version", version.hasPrefix("libcurl/"), version)

let shadowed = gatehouse_neighbour_shadowed_function().map { String(cString: $0) }
report("libcurl functions", shadowed == nil, shadowed ?? "all are libcurl's own")

let before = fetchWithLibcurl()
report("libcurl before", before.status == 200, "\(before.status) \(before.body)")

let gatehouse = await fetchWithGatehouse()
report("GatehouseHTTP", gatehouse.hasPrefix("200 "), gatehouse)

// Both at once: GatehouseHTTP's transfers on their own threads, libcurl's on this one.
async let first = fetchWithGatehouse()
async let second = fetchWithGatehouse()
let during = fetchWithLibcurl()
let concurrent = await [first, second]
report("libcurl during", during.status == 200, "\(during.status) \(during.body)")
report("GatehouseHTTP during", concurrent.allSatisfy { $0.hasPrefix("200 ") }, concurrent.joined(separator: "; "))

let after = fetchWithLibcurl()
report("libcurl after", after.status == 200, "\(after.status) \(after.body)")

let stillOwn = gatehouse_neighbour_shadowed_function().map { String(cString: $0) }
report("libcurl functions after", stillOwn == nil, stillOwn ?? "all are libcurl's own")

exit(failed ? 1 : 0)
