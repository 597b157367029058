/// The file formats `review export` writes and `review import` reads.
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// `{"events": [...]}`, one event object per line; import also reads a bare array `[...]` of the same objects.
    case json
    /// RFC 4180 CSV with a header row naming the columns.
    case csv

    /// The format a file's name implies (`.json`, `.csv`), else the one its first non-blank byte implies
    /// (`{` or `[` is JSON, anything else CSV).
    /// - Parameters:
    ///   - path: the file's path.
    ///   - bytes: its contents.
    /// - Returns: the format.
    public static func detect(path: String, bytes: [UInt8]) -> InterchangeFormat {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".csv") { return .csv }
        let first = bytes.first {
            $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .csv
    }
}
