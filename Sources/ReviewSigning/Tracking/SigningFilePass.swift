public import GatehouseCore
import GatehouseFoundation
public import ReviewLog

/// One re-read of every tracked local signing file (`review sync`, `review watch`): a renewed file
/// takes its new expiry, a file that disappeared is recorded as missing (once), and a file that can no longer be read
/// or parsed is left as it was, with a warning. Never an error of the pass but for the store's.
public struct SigningFilePass: Sendable {
    /// What one re-read did.
    public struct Report: Sendable {
        /// What changed.
        public var changes: [SigningChange] = []
        /// Files left as they were, each with why.
        public var warnings: [String] = []
    }

    /// The store.
    public let store: any SigningStore
    /// The clock.
    public let clock: any TimeSource
    /// The roots a profile's signer is checked against.
    public let trust: ProfileSignerTrust

    /// Creates a pass.
    /// - Parameters:
    ///   - store: the store whose tracked files are re-read.
    ///   - clock: the time of the reading.
    ///   - trust: the roots a profile's signer is checked against (Apple's by default).
    public init(store: any SigningStore, clock: any TimeSource = .system, trust: ProfileSignerTrust = .apple) {
        self.store = store
        self.clock = clock
        self.trust = trust
    }

    /// Re-reads every tracked file.
    /// - Returns: what changed, and the files left as they were.
    /// - Throws: `ReviewError` store errors.
    public func run() async throws(ReviewError) -> Report {
        let store = self.store
        let items = try await store.offload { () throws(ReviewError) -> [SigningItem] in try store.signingItems() }
        var report = Report()
        for item in items where item.kind.isFile {
            let sighting: SigningSighting?
            do {
                sighting = try SigningFile.read(path: item.reference, trust: trust).sighting(path: item.reference)
            } catch let error where error.code == .fileMissing {
                sighting = nil
            } catch {
                report.warnings.append(
                    "the tracked file \(ControlCharacters.escaped(item.reference)) (signing item \(item.id)) was not "
                        + "re-read: \(error.reason); it is left as it was")
                continue
            }
            let now = Timestamp(now: clock)
            if let change = try await store.offload({ () throws(ReviewError) -> SigningChange? in
                try store.recordSigningFileRead(id: item.id, sighting, at: now)
            }) {
                report.changes.append(change)
            }
        }
        return report
    }
}
