import GatehouseHTTP
import Testing

@Suite("HTTPError")
struct HTTPErrorTests {
    @Test("equality is on the code only and the description reads HTTPError.<code>: <reason>")
    func shape() {
        let error = HTTPError(.timedOut, "https://example.com/ did not answer")
        #expect(error == HTTPError(.timedOut))
        #expect(error != HTTPError(.connectionFailed, "https://example.com/ did not answer"))
        #expect(error.description == "HTTPError.timedOut: https://example.com/ did not answer")
        #expect("\(HTTPError.Code.responseTooLarge)" == "responseTooLarge")
    }
}
