import GatehouseHTTP
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("lookup ignores case and keeps every value in order")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\""]
        headers.add(name: "cache-control", value: "no-transform")
        #expect(headers["CACHE-CONTROL"] == "max-age=60, no-transform")
        #expect(headers.values(for: "Cache-control") == ["max-age=60", "no-transform"])
        #expect(headers.first("etag") == "\"v1\"")
        #expect(headers["Missing"] == nil)
        #expect(headers.values(for: "missing").isEmpty)
        headers.replaceOrAdd(name: "CACHE-control", value: "no-store")
        #expect(headers.values(for: "Cache-Control") == ["no-store"])
        #expect(headers.count == 2)
    }
}
