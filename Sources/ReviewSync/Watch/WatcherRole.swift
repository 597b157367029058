/// What a watcher sharing its store with other watchers (see `RoleLeasing`) has become: the one that polls App Store
/// Connect, or one that stands by to take over when that one stops.
public enum WatcherRole: Sendable, Hashable {
    /// It holds the store's `watch` role and runs the passes.
    case active
    /// Another process holds the role: it runs no pass, and asks again every interval.
    case standingBy
}
