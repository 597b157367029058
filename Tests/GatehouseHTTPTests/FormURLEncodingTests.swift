import GatehouseHTTP
import Testing

@Suite("Form POST encoding")
struct FormURLEncodingTests {
    @Test(
        "application/x-www-form-urlencoded follows the WHATWG serializer",
        arguments: [
            ("plain", "abcXYZ019", "plain=abcXYZ019"),
            ("kept", "*-._", "kept=*-._"),
            ("space", "a b", "space=a+b"),
            ("reserved", "a&b=c+d/e?f#g%h", "reserved=a%26b%3Dc%2Bd%2Fe%3Ff%23g%25h"),
            ("tilde", "~!'()", "tilde=%7E%21%27%28%29"),
            ("utf8", "é€😀", "utf8=%C3%A9%E2%82%AC%F0%9F%98%80"),
            ("name with space", "", "name+with+space="),
            ("newline", "a\r\nb", "newline=a%0D%0Ab"),
        ])
    func encoding(name: String, value: String, expected: String) {
        let request = HTTPRequest.formPost(url: "https://example.com/form", fields: [(name, value)])
        #expect(String(decoding: request.body, as: UTF8.self) == expected, "field \(name)")
        #expect(request.method == .post)
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test("fields keep their order and repeated names")
    func order() {
        let request = HTTPRequest.formPost(
            url: "https://example.com/form",
            fields: [("grant_type", "authorization_code"), ("code", "c.1-2"), ("code", "x y")],
            headers: ["Content-Type": "text/plain", "Accept": "application/json"])
        #expect(String(decoding: request.body, as: UTF8.self) == "grant_type=authorization_code&code=c.1-2&code=x+y")
        #expect(request.headers.values(for: "Content-Type") == ["application/x-www-form-urlencoded"])
        #expect(request.headers["accept"] == "application/json")
    }
}
