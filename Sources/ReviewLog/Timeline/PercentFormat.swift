/// How every output shows a share as a percentage (`stats`, `status`, `timeline`, notifications, the report): one
/// rule, written once (issue 25 item 5: `stats` said 52% and the report 53% for 41 of 78).
///
/// The rule: a whole percentage rounded down, so a share is never shown above what it is (89.6% of cycles decided
/// within 24 hours is "89%", never the "90%" of Apple's claim it is compared with), and 100% only when it is all;
/// a share above zero and under 1% is "<1%", never "0%".
public enum PercentFormat {
    /// The share `part` of `whole` (whole > 0), computed exactly in integers.
    /// - Parameters:
    ///   - part: how many, 0 ... whole.
    ///   - whole: of how many.
    /// - Returns: "52%" for 41 of 78; "<1%" for 1 of 200; "0%" for none.
    public static func string(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        if part > 0, part * 100 < whole { return "<1%" }
        return "\(part * 100 / whole)%"
    }

    /// A share from 0 to 1 that is a product of floating-point arithmetic (the Kaplan-Meier estimate): a hair under
    /// a whole percentage (0.9 computed as 0.8999999999) counts as that percentage.
    /// - Parameter share: from 0 to 1.
    /// - Returns: as `string(_:of:)`.
    public static func string(share: Double) -> String {
        let percent = share * 100 + 1e-9
        if share > 0, percent < 1 { return "<1%" }
        return "\(Int(percent.rounded(.down)))%"
    }
}
