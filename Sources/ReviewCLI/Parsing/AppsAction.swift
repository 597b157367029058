/// What `review apps` does: list the apps, rename one, or merge one into another.
package enum AppsAction: Sendable, Equatable {
    /// `review apps` or `review apps list`.
    case list
    /// `review apps rename OLD NEW`.
    case rename(String, to: String)
    /// `review apps merge FROM INTO`.
    case merge(String, into: String)
}
