/// A chat service's text format: how one character of a value is written so that it shows as typed and starts no
/// markup (no mention, link, emphasis or entity), whatever comes before or after it.
///
/// The escaping is per Unicode scalar, so escaping a joined text is joining the escaped parts: no construct can be
/// assembled from two values (`[x` in an app name, `](url)` in its version), nor from a value and the markup around
/// it. ``ChatMarkup`` applies it to every value interpolated into a payload's text.
protocol ChatFormat: Sendable {
    /// The escaped form of one Unicode scalar of a value.
    /// - Returns: its text in this format (the scalar itself where it means nothing).
    static func escaped(_ scalar: Unicode.Scalar) -> String
}
