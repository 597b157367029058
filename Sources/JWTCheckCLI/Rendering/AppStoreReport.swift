import AppStoreServer
import CommandLineKit
import GatehouseFoundation
import JWT

/// What `jwtcheck appstore verify` and `jwtcheck appstore decode` print: the verdict first (the failed check's
/// code and reason), then the chain, the validation time and why, the app checks, and the payload with the nested
/// payloads decoded beside their signed members; `--json` as one object.
///
/// Everything shown comes from the data, so it is untrusted: names and values go through `ClaimsReport.shown`
/// (control characters escaped), and a number shown as a time is range-checked (`NumericDate`) first.
enum AppStoreReport {
    // MARK: - verify

    /// The output of a verification: 0 verified, 1 rejected, 69 not checked (`verificationUnavailable`); stdout
    /// holds the report (or the object) for each.
    /// - Parameters:
    ///   - report: what the verifier found.
    ///   - kindGiven: whether `--kind` named the kind (else it was told from the payload).
    ///   - jws: the signed data, to show its `x5c` as carried when no chain was built.
    ///   - json: one JSON object instead of the human report.
    static func verdict(
        _ report: AppStoreVerificationReport, kindGiven: Bool, jws: String?, json: Bool
    ) -> CommandOutput {
        let status = report.error.map { ExitStatus($0) } ?? .success
        var standardError = ""
        if let error = report.error {
            standardError =
                status == .unavailable
                ? "jwtcheck: App Store signed data could not be checked: \(error)\n"
                : "jwtcheck: App Store signed data rejected: \(error)\n"
        }
        let text = json ? JSONValue.object(object(report)).description + "\n" : human(report, kindGiven, jws)
        return CommandOutput(status: status, standardOutput: text, standardError: standardError)
    }

    /// The `--json` object of a report (the nested reports without their payloads, which are in `payload`).
    static func object(_ report: AppStoreVerificationReport, isNested: Bool = false) -> JSONObject {
        var members: [JSONObject.Member] = []
        func add(_ name: String, _ value: JSONValue) { members.append(.init(name: name, value: value)) }
        add("verified", .bool(report.isVerified))
        add("kind", report.kind.map { .string($0.rawValue) } ?? .null)
        if let error = report.error {
            add(
                "error",
                .object(
                    JSONObject(members: [
                        .init(name: "code", value: .string(error.code.description)),
                        .init(name: "reason", value: .string(error.reason)),
                    ])))
        }
        add("validationTime", report.validationTime.map { .string(instant($0)) } ?? .null)
        add("validationTimeSource", report.validationTimeSource.map { .string($0.rawValue) } ?? .null)
        add("chain", .array(report.chain.map { .object(object($0)) }))
        add("checks", .array(report.checks.map { .object(object($0)) }))
        if let ocsp = report.ocsp { add("ocsp", .array(ocsp.map { .object(object($0)) })) }
        if !isNested {
            add("payload", report.payload.map { .object(beside($0, verified: report.nested)) } ?? .null)
            add(
                "nested",
                .array(
                    report.nested.map { nested in
                        var object = self.object(nested.report, isNested: true).members
                        object.insert(
                            contentsOf: [
                                .init(name: "member", value: .string("\(nested.location).\(nested.member)")),
                                .init(name: "decodedAs", value: .string("\(nested.location).\(nested.decodedName)")),
                            ], at: 0)
                        return .object(JSONObject(members: object))
                    }))
        }
        return JSONObject(members: members)
    }

    static func object(_ certificate: ChainCertificate) -> JSONObject {
        JSONObject(members: [
            .init(name: "role", value: .string(certificate.role.rawValue)),
            .init(name: "subject", value: .string(certificate.subject)),
            .init(name: "issuer", value: .string(certificate.issuer)),
            .init(name: "serial", value: .string(certificate.serial)),
            .init(name: "notBefore", value: certificate.notBefore.map { .string(instant($0)) } ?? .null),
            .init(name: "notAfter", value: certificate.notAfter.map { .string(instant($0)) } ?? .null),
            .init(name: "appleExtension", value: certificate.appleExtension.map(JSONValue.bool) ?? .null),
        ])
    }

    static func object(_ check: OCSPCheck) -> JSONObject {
        JSONObject(members: [
            .init(name: "role", value: .string(check.certificate.role.rawValue)),
            .init(name: "serial", value: .string(check.certificate.serial)),
            .init(name: "responder", value: check.responder.map(JSONValue.string) ?? .null),
            .init(name: "status", value: .string(check.status.rawValue)),
            .init(name: "thisUpdate", value: check.thisUpdate.map { .string(instant($0)) } ?? .null),
            .init(name: "nextUpdate", value: check.nextUpdate.map { .string(instant($0)) } ?? .null),
            .init(name: "revocationTime", value: check.revocationTime.map { .string(instant($0)) } ?? .null),
            .init(name: "revocationReason", value: check.revocationReason.map(JSONValue.string) ?? .null),
            .init(name: "cached", value: .bool(check.cached)),
            .init(name: "problem", value: check.problem.map(JSONValue.string) ?? .null),
        ])
    }

    static func object(_ check: AppCheck) -> JSONObject {
        JSONObject(members: [
            .init(name: "name", value: .string(check.name)),
            .init(name: "path", value: .string(check.path)),
            .init(name: "expected", value: .string(check.expected)),
            .init(name: "found", value: check.found.map(JSONValue.string) ?? .null),
            .init(name: "passed", value: .bool(check.passed)),
        ])
    }

    private static func human(_ report: AppStoreVerificationReport, _ kindGiven: Bool, _ jws: String?) -> String {
        var text = verdictLine(report) + "\n"
        let kind =
            report.kind.map { "\($0.rawValue) (\(kindGiven ? "given with --kind" : "told by the payload's members"))" }
            ?? (report.payload == nil ? "not told: rejected before the payload could be trusted" : "not told")
        text += line("kind", kind, indent: 0)
        text += body(report, jws: jws, indent: 0)
        if let payload = report.payload {
            text += "Payload\n"
            text += members(
                beside(payload, verified: report.nested), indent: 2,
                signed: Dictionary(
                    report.nested.filter { $0.report.payload != nil }.map {
                        ("\($0.location).\($0.member)", $0.decodedName)
                    }, uniquingKeysWith: { a, _ in a }),
                path: "")
        }
        for nested in report.nested {
            text += "\nNested \(nested.location).\(nested.member) (\(nested.report.kind?.rawValue ?? "?")): "
            text += verdict(nested.report) + "\n"
            text += body(nested.report, jws: nil, indent: 2)
            if nested.report.payload != nil {
                text += "  Payload  shown above as \(nested.location).\(nested.decodedName)\n"
            }
        }
        return text
    }

    private static func verdictLine(_ report: AppStoreVerificationReport) -> String {
        "Verdict: " + verdict(report)
    }

    /// "VERIFIED", "REJECTED (chainInvalid): ..." or "NOT CHECKED (verificationUnavailable): ...".
    private static func verdict(_ report: AppStoreVerificationReport) -> String {
        guard let error = report.error else { return "VERIFIED" }
        let state = ExitStatus(error) == .unavailable ? "NOT CHECKED" : "REJECTED"
        return "\(state) (\(error.code)): \(error.reason)"
    }

    /// The chain, the validation time and the checks of one report.
    private static func body(_ report: AppStoreVerificationReport, jws: String?, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var text = ""
        if report.chain.isEmpty {
            text += pad + "Chain: not built\n"
            if let jws, let carried = try? UnverifiedSignedData(decoding: jws) {
                text += pad + "  x5c as carried (UNVERIFIED):\n"
                text += chain(carried, indent: indent + 4)
            }
        } else {
            text += pad + "Chain\n"
            for certificate in report.chain { text += lines(certificate, label: nil, indent: indent + 2) }
        }
        if let time = report.validationTime, let source = report.validationTimeSource {
            text += line(
                "validation time", "\(instant(time)): \(why(source, online: report.ocsp != nil))", indent: indent)
        }
        if let ocsp = report.ocsp {
            text += pad + "OCSP\n"
            if ocsp.isEmpty { text += pad + "  none: locally signed data names no responder\n" }
            for check in ocsp {
                var detail = check.status.rawValue.uppercased()
                if let time = check.revocationTime { detail += " since \(instant(time))" }
                if let reason = check.revocationReason { detail += " (\(ClaimsReport.shown(reason)))" }
                if let next = check.nextUpdate {
                    detail += ", next update \(instant(next))" + (check.cached ? ", from the cache" : "")
                }
                if let problem = check.problem { detail += ": \(ClaimsReport.shown(problem))" }
                text +=
                    pad + "  " + ClaimsReport.padded(role(check.certificate.role), 12) + " "
                    + ClaimsReport.shown(check.responder ?? "no responder named") + "  " + detail + "\n"
            }
        }
        if !report.checks.isEmpty {
            text += pad + "Checks\n"
            let width = report.checks.map(\.path.count).max() ?? 0
            for check in report.checks {
                let found = check.found.map(ClaimsReport.shown) ?? "(missing)"
                text +=
                    pad + "  " + ClaimsReport.padded(check.path, width) + "  "
                    + (check.passed
                        ? "passed  \(found)" : "FAILED  \(found), expected \(ClaimsReport.shown(check.expected))")
                    + "\n"
            }
        }
        return text
    }

    /// Why the validation time is the one it is.
    private static func why(_ source: ValidationTimeSource, online: Bool) -> String {
        switch source {
        case .signedDate, .receiptCreationDate:
            "\(source.phrase) (offline: the chain must have been valid when the data was signed)"
        case .now where online: "the current time (--now, else the clock): checking online, the chain must be valid now"
        case .now: "the current time (--now, else the clock): the payload has no signing date"
        }
    }

    /// A certificate's lines: its role and subject, then issuer, serial, validity and Apple extension.
    private static func lines(_ certificate: ChainCertificate, label: String?, indent: Int) -> String {
        var text = line(label ?? role(certificate.role), ClaimsReport.shown(certificate.subject), indent: indent)
        let inner = indent + 2
        text += line("issuer", ClaimsReport.shown(certificate.issuer), indent: inner)
        text += line("serial", ClaimsReport.shown(certificate.serial), indent: inner)
        let validity =
            "\(certificate.notBefore.map(instant) ?? "(unreadable)") to \(certificate.notAfter.map(instant) ?? "(unreadable)")"
        text += line("valid", validity, indent: inner)
        let oid: String
        switch (certificate.role, certificate.appleExtension) {
        case (.leaf, let found?):
            oid = "receipt signing 1.2.840.113635.100.6.11.1 \(found ? "found" : "MISSING")"
        case (.intermediate, let found?):
            oid = "WWDR 1.2.840.113635.100.6.2.1 \(found ? "found" : "MISSING")"
        case (.localSigning, _): oid = "none needed (a local signing certificate, trusted only as a --root)"
        default: oid = "none needed (a root)"
        }
        text += line("Apple extension", oid, indent: inner)
        return text
    }

    private static func role(_ role: ChainCertificate.Role) -> String {
        switch role {
        case .leaf: "leaf"
        case .intermediate: "intermediate"
        case .root: "root"
        case .localSigning: "local signing certificate"
        }
    }

    /// "  name             value" at `indent`, the value already shown.
    private static func line(_ name: String, _ value: String, indent: Int) -> String {
        String(repeating: " ", count: indent) + ClaimsReport.padded(name, 16) + " " + value + "\n"
    }

    // MARK: - decode

    /// The output of `appstore decode`: the header, the chain as carried and the payload with the nested payloads
    /// beside, every part labelled UNVERIFIED; exit 0.
    static func unverified(_ data: UnverifiedSignedData, kindGiven: Bool, json: Bool) -> CommandOutput {
        if json {
            return CommandOutput(standardOutput: JSONValue.object(object(data, isNested: false)).description + "\n")
        }
        var text =
            "UNVERIFIED: neither the signature, the chain, the dates nor the app have been checked; use 'jwtcheck "
            + "appstore verify' to verify.\n"
        let kind = data.kind.map {
            "\($0.rawValue) (\(kindGiven ? "given with --kind" : "told by the payload's members"))"
        }
        text += line(
            "kind", kind ?? "not told (none of notificationType, receiptType, transactionId, autoRenewStatus)",
            indent: 0)
        text += headerAndChain(data, indent: 0)
        text += "Payload (UNVERIFIED)\n"
        text += members(
            beside(data.payload, decoded: data.nested), indent: 2,
            signed: Dictionary(
                data.nested.filter { (try? $0.data.get()) != nil }.map {
                    ("\($0.location).\($0.member)", $0.decodedName)
                }, uniquingKeysWith: { a, _ in a }),
            path: "")
        for nested in data.nested {
            text += "\nNested \(nested.location).\(nested.member) (UNVERIFIED)\n"
            switch nested.data {
            case .success(let inner):
                text += headerAndChain(inner, indent: 2)
                text += "  Payload  shown above as \(nested.location).\(nested.decodedName)\n"
            case .failure(let error):
                text += "  cannot decode it (\(error.code)): \(error.reason)\n"
            }
        }
        return CommandOutput(standardOutput: text)
    }

    private static func headerAndChain(_ data: UnverifiedSignedData, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var text = pad + "Header (UNVERIFIED)\n"
        let names = data.header.members.map { ClaimsReport.shown($0.name) }
        let width = names.map(\.count).max() ?? 0
        for (member, name) in zip(data.header.members, names) {
            let value =
                member.name == "x5c" && member.value.arrayValue != nil
                ? "(\(member.value.arrayValue!.count) certificates, below)"
                : ClaimsReport.shown(member.value.description)
            text += pad + "  " + ClaimsReport.padded(name, width) + "  " + value + "\n"
        }
        text += pad + "Chain (UNVERIFIED: x5c as carried, not checked)\n"
        text += chain(data, indent: indent + 2)
        return text
    }

    private static func chain(_ data: UnverifiedSignedData, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        if let defect = data.chainDefect { return pad + "(\(defect.code)): \(defect.reason)\n" }
        var text = ""
        for carried in data.chain {
            switch carried.certificate {
            case .success(let certificate):
                text += lines(certificate, label: "x5c[\(carried.index)] \(role(certificate.role))", indent: indent)
            case .failure(let error):
                text += pad + "x5c[\(carried.index)]  cannot read it (\(error.code)): \(error.reason)\n"
            }
        }
        return text
    }

    static func object(_ data: UnverifiedSignedData, isNested: Bool) -> JSONObject {
        var members: [JSONObject.Member] = []
        func add(_ name: String, _ value: JSONValue) { members.append(.init(name: name, value: value)) }
        if !isNested { add("verified", .bool(false)) }
        add("kind", data.kind.map { .string($0.rawValue) } ?? .null)
        add("header", .object(data.header))
        if let defect = data.chainDefect {
            add("chain", .null)
            add("chainError", .object(errorObject(defect)))
        } else {
            add(
                "chain",
                .array(
                    data.chain.map { carried in
                        switch carried.certificate {
                        case .success(let certificate):
                            var members = object(certificate).members
                            members.insert(
                                .init(name: "index", value: .number(JSONNumber(Int64(carried.index)))), at: 0)
                            return .object(JSONObject(members: members))
                        case .failure(let error):
                            return .object(
                                JSONObject(members: [
                                    .init(name: "index", value: .number(JSONNumber(Int64(carried.index)))),
                                    .init(name: "error", value: .object(errorObject(error))),
                                ]))
                        }
                    }))
        }
        if !isNested {
            add("payload", .object(beside(data.payload, decoded: data.nested)))
            add(
                "nested",
                .array(
                    data.nested.map { nested in
                        var members: [JSONObject.Member] = [
                            .init(name: "member", value: .string("\(nested.location).\(nested.member)")),
                            .init(name: "decodedAs", value: .string("\(nested.location).\(nested.decodedName)")),
                        ]
                        switch nested.data {
                        case .success(let inner): members += object(inner, isNested: true).members
                        case .failure(let error):
                            members.append(.init(name: "error", value: .object(errorObject(error))))
                        }
                        return .object(JSONObject(members: members))
                    }))
        }
        return JSONObject(members: members)
    }

    private static func errorObject(_ error: AppStoreServerError) -> JSONObject {
        JSONObject(members: [
            .init(name: "code", value: .string(error.code.description)),
            .init(name: "reason", value: .string(error.reason)),
        ])
    }

    // MARK: - The payload

    /// The payload with each nested payload that verified placed beside its signed member (`data.transactionInfo`
    /// after `data.signedTransactionInfo`).
    static func beside(_ payload: JSONObject, verified nested: [NestedSignedData]) -> JSONObject {
        beside(
            payload,
            nested.compactMap { item in
                item.report.payload.map { (item.location, item.member, item.decodedName, $0) }
            })
    }

    /// The payload with each nested payload that decoded placed beside its signed member.
    static func beside(_ payload: JSONObject, decoded nested: [UnverifiedSignedData.Nested]) -> JSONObject {
        beside(
            payload,
            nested.compactMap { item in
                (try? item.data.get()).map { (item.location, item.member, item.decodedName, $0.payload) }
            })
    }

    private static func beside(
        _ payload: JSONObject, _ decoded: [(location: String, member: String, name: String, payload: JSONObject)]
    ) -> JSONObject {
        guard !decoded.isEmpty else { return payload }
        return JSONObject(
            members: payload.members.map { member in
                let here = decoded.filter { $0.location == member.name }
                guard !here.isEmpty, let object = member.value.objectValue else { return member }
                var members: [JSONObject.Member] = []
                for inner in object.members {
                    members.append(inner)
                    for item in here where item.member == inner.name && object[item.name] == nil {
                        members.append(.init(name: item.name, value: .object(item.payload)))
                    }
                }
                return .init(name: member.name, value: .object(JSONObject(members: members)))
            })
    }

    /// An object's members, one a line, objects indented below their name, Apple's millisecond dates (members
    /// named `...Date`) with their ISO 8601 time, and signed members (`signed`) shortened to their length.
    private static func members(
        _ object: JSONObject, indent: Int, signed: [String: String], path: String
    ) -> String {
        let pad = String(repeating: " ", count: indent)
        let names = object.members.map { ClaimsReport.shown($0.name) }
        let width = names.filter { !$0.isEmpty }.map(\.count).max() ?? 0
        var text = ""
        for (member, name) in zip(object.members, names) {
            let memberPath = path.isEmpty ? member.name : "\(path).\(member.name)"
            if let inner = member.value.objectValue, !inner.members.isEmpty {
                text += pad + name + "\n"
                text += members(inner, indent: indent + 2, signed: signed, path: memberPath)
                continue
            }
            var value = ClaimsReport.shown(member.value.description)
            if let decodedName = signed[memberPath], let jws = member.value.stringValue {
                value = "(signed data, \(jws.utf8.count) bytes: decoded below as \(decodedName))"
            } else if member.name.hasSuffix("Date"), case .number(let number) = member.value {
                value += "  (\(milliseconds(number)))"
            }
            text += pad + ClaimsReport.padded(name, width) + "  " + value + "\n"
        }
        return text
    }

    // MARK: - Times

    /// A time as ISO 8601 UTC, to the millisecond when it has one ("2023-06-14T06:02:47.785Z"), or "out of range".
    static func instant(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard NumericDate.seconds(seconds) != nil else { return "\(seconds) s since 1970 (out of range)" }
        // Inside 1970 ... 9999, so the milliseconds fit an Int64 (and round to the nearest: 1686722567.785 s is not
        // 784.999... ms).
        return milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Whole milliseconds since 1970 (non-negative, at most 9999's) as ISO 8601.
    private static func milliseconds(_ value: Int64) -> String {
        let text = WallClock.iso8601UTC(value / 1000)
        let fraction = value % 1000
        return fraction == 0 ? text : String(text.dropLast()) + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }

    /// Apple's `timestamp` (milliseconds since 1970) as ISO 8601, or "out of range" (never a trap).
    static func milliseconds(_ number: JSONNumber) -> String {
        if let exact = number.int64Value, exact >= 0, exact / 1000 <= NumericDate.latest {
            return milliseconds(exact)
        }
        guard NumericDate.seconds(number.doubleValue / 1000) != nil else {
            return "out of range: milliseconds since 1970 from 0 to 9999"
        }
        return instant(Date(timeIntervalSince1970: number.doubleValue / 1000))
    }
}
