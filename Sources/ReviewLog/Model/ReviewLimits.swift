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
    /// The largest id a row from outside may carry (an import's event, a row `review migrate` copies):
    /// 9007199254740991, 2^53 - 1, the largest integer every JSON reader holds exactly (RFC 8259 section 6). Ids are
    /// data there, never the store's numbering: the store numbers new rows after its highest id, and this bound leaves
    /// it 99.9 % of the 64-bit id space (9.2 * 10^18 ids) above any imported one, so no row can exhaust it.
    public static let maximumImportedID: Int64 = (1 << 53) - 1
}
