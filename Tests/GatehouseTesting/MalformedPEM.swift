import Foundation
import Testing

/// Damaged copies of one `.p8` key (Samples/keys/AuthKey_TEST0KEY01.p8, a test key), in every shape a key file takes
/// when it is pasted, trimmed or mangled, and the check that a message quotes none of it (security round 3, item 1:
/// a `.p8` pasted as one line was printed whole, twice, by `jwtcheck sign` and `jwtcheck apple client-secret`).
///
/// Every command and library that reads a key runs these shapes: the JOSE core's `PrivateKey` and `PublicKey`,
/// `AppleClientSecret`, `ASCCredentials`, `jwtcheck sign`, `jwtcheck apple client-secret`, `review sync` and
/// `review auth add`, in process and through the built binaries.
public enum MalformedPEM {
    /// The base64 lines of the key: the secret.
    public static let bodyLines = [
        "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgArXmb3s648AxtatC",
        "iFhXE5uD0p6+WIM563tXvLwrMbChRANCAASPLrEqMNp084b3+jPhGkyLfQxbNPxJ",
        "uMdDGpdaB7fuUg+NDG031V9YPDQJW8Eo2pYbXoMT8WPtjypCQcxXUzPd",
    ]

    /// The whole base64 body on one line.
    public static var body: String { bodyLines.joined() }

    /// The intact key, for a test that checks the shapes' baseline reads.
    public static var intact: String {
        (["-----BEGIN PRIVATE KEY-----"] + bodyLines + ["-----END PRIVATE KEY-----"]).joined(separator: "\n") + "\n"
    }

    /// A damaged shape, named for failure messages.
    public struct Shape: Sendable, CustomStringConvertible {
        /// What was done to the key.
        public var name: String
        /// The text.
        public var text: String
        public var description: String { name }
    }

    /// Every damaged shape. None of them reads as a key.
    public static var shapes: [Shape] {
        let begin = "-----BEGIN PRIVATE KEY-----"
        let end = "-----END PRIVATE KEY-----"
        let lines = bodyLines
        func shape(_ name: String, _ parts: [String], separator: String = "\n") -> Shape {
            Shape(name: name, text: parts.joined(separator: separator))
        }
        let secretLabel = String(body.prefix(24))
        return [
            shape("one line (newlines lost)", [begin + body + end]),
            shape("one line with spaces for newlines", [begin] + lines + [end], separator: " "),
            shape("one line with tabs for newlines", [begin] + lines + [end], separator: "\t"),
            shape("one line, then a newline", [begin + body + end, ""]),
            shape("CRLF one line", [begin + body + end, ""], separator: "\r\n"),
            shape("BEGIN marker with trailing base64", [begin + lines[0]] + lines.dropFirst() + [end]),
            shape("base64 on the BEGIN line after a space", [begin + " " + lines[0]] + lines.dropFirst() + [end]),
            shape("base64 before the END marker", [begin] + lines.dropLast() + [lines.last! + end]),
            shape("base64 after the END marker", [begin] + lines + [end + lines[0]]),
            shape("base64 before the BEGIN marker", [lines[0] + begin] + lines + [end]),
            shape(
                "wrong label made of the key",
                ["-----BEGIN \(secretLabel)-----"] + lines + ["-----END \(secretLabel)-----"]),
            shape("END label made of the key", [begin] + lines + ["-----END \(secretLabel)-----"]),
            shape(
                "unknown label", ["-----BEGIN \(secretLabel) KEY-----"] + lines + ["-----END \(secretLabel) KEY-----"]),
            shape("missing END", [begin] + lines),
            shape("missing END, CRLF", [begin] + lines + [""], separator: "\r\n"),
            shape("missing BEGIN", lines + [end]),
            shape("BEGIN without closing dashes", ["-----BEGIN PRIVATE KEY"] + lines + [end]),
            shape("BEGIN without closing dashes, one line", ["-----BEGIN PRIVATE KEY " + body]),
            shape("five dashes then base64", ["-----" + body]),
            shape("junk before", ["junk"] + [begin] + lines + [end]),
            shape("junk after", [begin] + lines + [end, "junk"]),
            shape("a body line before", [lines[1], begin] + lines + [end]),
            shape("a body line after", [begin] + lines + [end, lines[1]]),
            shape("body only, lines", lines),
            shape("body only, one line", [body]),
            shape("a character outside base64", [begin, lines[0], "!" + lines[1].dropFirst(), lines[2], end]),
            shape("a body line cut short", [begin, lines[0], String(lines[1].dropLast(3)), lines[2], end]),
            shape("a body line lost", [begin, lines[0], lines[2], end]),
            shape("key material in a header", [begin, "DEK-Info: " + lines[0], lines[1], lines[2], end]),
            shape("two BEGINs", [begin, lines[0], begin] + lines.dropFirst() + [end]),
            shape("END of another label", [begin] + lines + ["-----END PUBLIC KEY-----"]),
            shape("END before BEGIN", [end, begin] + lines + [end]),
            shape("the public key label", ["-----BEGIN PUBLIC KEY-----"] + lines + ["-----END PUBLIC KEY-----"]),
            shape(
                "an encrypted label",
                ["-----BEGIN ENCRYPTED PRIVATE KEY-----"] + lines + ["-----END ENCRYPTED PRIVATE KEY-----"]),
            shape("two keys", [begin] + lines + [end, begin] + lines + [end]),
            shape("quoted in JSON", ["\"" + begin + "\\n" + lines.joined(separator: "\\n") + "\\n" + end + "\\n\""]),
            shape("escaped newlines", [begin + "\\n" + lines.joined(separator: "\\n") + "\\n" + end]),
        ]
    }

    /// The first run of 4 or more characters of the key's body found in `message`, or nil when none is.
    /// - Parameters:
    ///   - message: what a command or library said.
    ///   - known: text the test put in the message itself (a temporary path, whose random name could hold a run by
    ///     chance), removed before the check.
    /// - Returns: the run, for the failure message.
    public static func leakedRun(in message: String, ignoring known: [String] = []) -> String? {
        var message = message
        for text in known where !text.isEmpty { message = message.replacingOccurrences(of: text, with: " ") }
        let characters = Array(body)
        for start in 0...(characters.count - 4) {
            let run = String(characters[start..<start + 4])
            if message.contains(run) { return run }
        }
        return nil
    }

    /// Expects `body` to throw `expected` (compared by code) with a description that quotes no 4 characters of the
    /// key's body.
    /// - Returns: the error thrown, for further checks.
    @discardableResult
    public static func expectRefused<E: Error & Equatable & CustomStringConvertible>(
        _ expected: E, _ shape: Shape, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) -> E? {
        let error = expectError(expected, sourceLocation: sourceLocation, body)
        if let error {
            #expect(leakedRun(in: error.description) == nil, "\(shape.name): \(error)", sourceLocation: sourceLocation)
        }
        return error
    }
}
