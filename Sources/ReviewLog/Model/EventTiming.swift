/// How exactly an event's time is known.
///
/// A state logged by hand, imported, taken from a review submission's `submittedDate` or pushed by a webhook
/// happened at its time (`exact`). A state seen by polling App Store Connect happened somewhere between the previous
/// successful look at the app and the poll that first saw it (`observed(after:)`): its time is when it was first
/// seen, and a duration ending or starting there is approximate ("~1d 4h"). A state that was already current when an
/// app was first synced has no known start (`observed(after: nil)`): its time is a lower bound only, and a duration
/// starting there never counts.
public enum EventTiming: Sendable, Hashable {
    /// The time is when it happened.
    case exact
    /// First seen by a poll at the event's time; it happened after `after` (the previous successful look), or at
    /// an unknown time before when `after` is nil.
    case observed(after: Timestamp?)

    /// Whether the time is a poll's observation rather than the moment itself.
    public var isObserved: Bool {
        if case .observed = self { return true }
        return false
    }

    /// Whether the state's start is unknown (already current when first seen).
    public var isUnknownStart: Bool { self == .observed(after: nil) }
}
