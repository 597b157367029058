/// The sizes the review store accepts, named so that the checks, the messages and the tests share one value.
///
/// A value over a limit is refused with `ReviewError.invalidValue` naming the limit; nothing is written.
public enum ReviewLimits {
    /// The longest app name: 200 characters.
    public static let maximumAppNameCharacters = 200
    /// The longest version or build string: 64 characters.
    public static let maximumVersionCharacters = 64
    /// The longest note: 4000 characters.
    public static let maximumNoteCharacters = 4000
    /// The largest import file read: 64 MiB (`EventInterchange.maximumFileBytes`).
    public static let maximumImportFileBytes = 64 << 20
}
