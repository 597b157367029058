import Foundation
import Testing

@testable import JWT

/// Security round 2, items 1 and 11 at the library: a number from outside becomes seconds only inside the NumericDate
/// range, formatting never traps, and error reasons quote outside text with control characters escaped.
@Suite("NumericDate range and safe messages")
struct NumericDateTests {
    @Test("seconds(_:) is nil outside 1970 ... 9999 and for every non-finite value")
    func range() throws {
        for text in [
            "-9223372036854775808", "9223372036854775807", "1e300", "-1e300", "1e22", "253402300800", "-1",
            "-0.5", "1e400", "-1e400",
        ] {
            let number = try #require(JSONValue.parse(Array(text.utf8)).numberValue)
            #expect(NumericDate.seconds(number) == nil, "\(text)")
        }
        for value in [Double.nan, .infinity, -.infinity, 1e19, -1e19] { #expect(NumericDate.seconds(value) == nil) }
        #expect(NumericDate.seconds(0) == 0)
        #expect(NumericDate.seconds(253_402_300_799) == 253_402_300_799)
        #expect(NumericDate.seconds(1_700_000_000.9) == 1_700_000_000)
        let exact = try #require(JSONValue.parse(Array("253402300799".utf8)).numberValue)
        #expect(NumericDate.seconds(exact) == NumericDate.latest)
    }

    @Test("formatting an instant out of range says so instead of trapping")
    func formattingOutOfRange() {
        for value in [1e300, -1e300, Double.nan, 9.3e18, -9.3e18] {
            #expect(UTCTime.format(Date(timeIntervalSince1970: value)).contains("out of range"), "\(value)")
        }
        #expect(UTCTime.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test("error reasons escape the control characters of the values they quote")
    func reasonsEscaped() {
        let set = JOSETestKeys.keySet
        do {
            _ = try set.selectKey(keyID: "x\nVerdict: VALID\u{1B}[8m\u{85}\u{7F}")
            Issue.record("an unknown kid was selected")
        } catch let error as JWTError {
            #expect(error.code == .unknownKeyID)
            #expect(error.reason.contains(#"x\u000aVerdict: VALID\u001b[8m\u0085\u007f"#), "\(error.reason)")
            #expect(!error.reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        } catch {
            Issue.record("\(error)")
        }
    }
}
