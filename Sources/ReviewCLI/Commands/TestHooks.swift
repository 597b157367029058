import ReviewLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test hooks: environment variables that only a debug build (the one `make test` runs) reads. A release build
/// compiles none of them in, not even their names (`scripts/check-release-test-hooks`, run by `make test`, checks the
/// release `review`), so no deployment can be paused or sped up by setting one (issue 20).
package enum TestHooks {
    #if DEBUG
        /// The variables `main.swift` passes on: `GATEHOUSE_TEST_PAUSE_AFTER_STORE`, `GATEHOUSE_TEST_WATCH_INTERVAL`,
        /// `GATEHOUSE_TEST_DELIVERY_INTERVAL`.
        package static let variableNames = [
            "GATEHOUSE_TEST_PAUSE_AFTER_STORE", "GATEHOUSE_TEST_WATCH_INTERVAL", "GATEHOUSE_TEST_DELIVERY_INTERVAL",
        ]

        /// With `GATEHOUSE_TEST_PAUSE_AFTER_STORE=FILE`, a stored delivery creates FILE and waits (an hour) before it
        /// is answered, so a test can kill `serve` between storing and answering. Unset: nothing.
        static func pauseAfterStore(_ environment: ReviewEnvironment) -> @Sendable (WebhookDelivery) async -> Void {
            guard let marker = environment.variables["GATEHOUSE_TEST_PAUSE_AFTER_STORE"], !marker.isEmpty else {
                return { _ in }
            }
            return { _ in
                let descriptor = open(marker, O_WRONLY | O_CREAT, 0o600)
                if descriptor >= 0 { close(descriptor) }
                try? await Task.sleep(for: .seconds(3600))
            }
        }

        /// With `GATEHOUSE_TEST_WATCH_INTERVAL=SECONDS` (a number above 0, fractions allowed), `watch` waits that
        /// long between rounds instead of `--interval` (at least 60 s), so that an end-to-end test of several
        /// watchers taking over from each other runs in seconds.
        static func watchInterval(_ environment: ReviewEnvironment) -> Duration? {
            guard let text = environment.variables["GATEHOUSE_TEST_WATCH_INTERVAL"], let seconds = Double(text),
                seconds > 0, seconds <= 3600
            else { return nil }
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }

        /// With `GATEHOUSE_TEST_DELIVERY_INTERVAL=SECONDS` (above 0, at most a day), `serve`'s deliverer waits that long
        /// between rounds instead of 5 s, so that a test set to an hour proves a stored webhook is notified by the
        /// receiver's wake, not by a round. Unset: nil (5 s).
        static func deliveryInterval(_ environment: ReviewEnvironment) -> Duration? {
            guard let text = environment.variables["GATEHOUSE_TEST_DELIVERY_INTERVAL"], let seconds = Double(text),
                seconds > 0, seconds <= 86400
            else { return nil }
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
    #else
        /// None in a release build.
        package static let variableNames: [String] = []

        /// Nothing in a release build.
        static func pauseAfterStore(_ environment: ReviewEnvironment) -> @Sendable (WebhookDelivery) async -> Void {
            { _ in }
        }

        /// None in a release build.
        static func watchInterval(_ environment: ReviewEnvironment) -> Duration? { nil }

        /// None in a release build (5 s).
        static func deliveryInterval(_ environment: ReviewEnvironment) -> Duration? { nil }
    #endif
}
