/// Greedy word wrapping for help texts and other long lines of human output.
package enum TextWrapping {
    /// `text` wrapped to `width` columns: the first line starts after `firstPrefix`, the others after
    /// `indent` spaces. A word longer than a line stands alone. Blank lines in `text` separate paragraphs.
    /// - Parameters:
    ///   - text: the text; runs of spaces and single newlines are word breaks.
    ///   - width: the most columns a line takes, prefix included.
    ///   - firstPrefix: what stands before the first line (`"OVERVIEW: "`, or a padded option label).
    ///   - indent: the columns before every other line.
    /// - Returns: the lines, without newlines.
    package static func lines(_ text: String, width: Int, firstPrefix: String = "", indent: Int = 0) -> [String] {
        var lines: [String] = []
        let paragraphs = paragraphs(of: text)
        for (number, paragraph) in paragraphs.enumerated() {
            if number > 0 { lines.append("") }
            var line = number == 0 ? firstPrefix : String(repeating: " ", count: indent)
            var lineHasWord = false
            for word in unbreakable(paragraph) {
                if lineHasWord, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                    lineHasWord = false
                }
                line += (lineHasWord ? " " : "") + word
                lineHasWord = true
            }
            lines.append(line)
        }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The words of a paragraph, a number kept with the word after it (`66 file`), so no line ends in a bare
    /// exit status or count.
    static func unbreakable(_ words: [String]) -> [String] {
        var units: [String] = []
        var pending: String?
        for word in words {
            let unit = pending.map { $0 + " " + word } ?? word
            pending = nil
            if word.allSatisfy(\.isNumber) {
                pending = unit
            } else {
                units.append(unit)
            }
        }
        if let pending { units.append(pending) }
        return units
    }

    /// The paragraphs of `text` (separated by blank lines), each as its words.
    static func paragraphs(of text: String) -> [[String]] {
        var paragraphs: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(separator: " ").map(String.init)
            if words.isEmpty {
                if !current.isEmpty { paragraphs.append(current) }
                current = []
            } else {
                current += words
            }
        }
        if !current.isEmpty || paragraphs.isEmpty { paragraphs.append(current) }
        return paragraphs
    }

    /// The first sentence of `text` on one line: up to the first `". "`, for completion descriptions.
    /// - Parameter text: a help paragraph.
    /// - Returns: the sentence, with its full stop.
    static func firstSentence(_ text: String) -> String {
        let flat = paragraphs(of: text).first?.joined(separator: " ") ?? ""
        if let end = flat.firstRange(of: ". ") { return String(flat[..<end.lowerBound]) + "." }
        return flat
    }
}
