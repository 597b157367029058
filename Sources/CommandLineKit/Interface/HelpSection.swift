/// A paragraph after a command's options: `EXIT STATUS: ...`, `STATES: ...`, or an untitled closing note.
package struct HelpSection: Sendable, Hashable {
    /// The title (`"EXIT STATUS"`), or `nil` for a plain paragraph.
    package let title: String?
    /// The text, as one paragraph (blank lines separate paragraphs).
    package let text: String

    /// Creates a section.
    /// - Parameters:
    ///   - title: the title, or `nil`.
    package init(_ title: String?, _ text: String) {
        self.title = title
        self.text = text
    }

    /// The exit statuses of a command.
    /// - Parameter text: `0 valid; 1 rejected; ...`.
    /// - Returns: the section.
    package static func exitStatus(_ text: String) -> HelpSection { HelpSection("EXIT STATUS", text) }
}
