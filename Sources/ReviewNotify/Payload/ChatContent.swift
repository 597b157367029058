import ReviewLog

/// What a chat payload shows of a message, whichever message it is (a review notification, a signing alert): the
/// title, the facts, how much it must stand out, its time, and the context line Slack adds. Slack, Discord and Teams
/// render this, so both kinds of message take the same shapes and the same escaping (every title and fact a value).
struct ChatContent {
    /// How much the message stands out on each channel.
    enum Tone {
        /// Nothing to stand out: no mark, green on Discord, the default colour on Teams.
        case ordinary
        /// A long wait: ⏳, amber, Teams' `Warning`.
        case longWait
        /// A signing item expiring in more than 7 days: ⚠️, amber, Teams' `Warning`.
        case warning
        /// A rejection, or a signing item broken or expiring within 7 days: ⛔, red, Teams' `Attention`, and the
        /// Discord headline bold.
        case alarm
    }

    /// The line Slack adds under the facts, if any.
    enum Context {
        /// `review notify test`'s sample.
        case test
        /// A signing alert.
        case signing
    }

    /// The headline.
    var title: String
    /// The facts, in order.
    var facts: [(label: String, value: String)]
    /// How much it stands out.
    var tone: Tone
    /// Discord's embed timestamp.
    var at: Timestamp
    /// The labels whose facts take a whole line on Discord (not inline).
    var wideLabels: Set<String>
    /// Slack's context line.
    var context: Context?
}

extension ChatContent {
    /// A review notification's content: a rejection is an alarm, a long wait a long wait; its time is the event's; the
    /// comparison takes a whole line.
    init(_ message: NotificationMessage) {
        self.init(
            title: message.title, facts: message.facts,
            tone: message.isRejection ? .alarm : message.isLongWait ? .longWait : .ordinary, at: message.event.at,
            wideLabels: ["Compared"], context: message.kind == .test ? .test : nil)
    }

    /// A signing alert's content: urgent ones are alarms, the others warnings; its time is the message's; the long
    /// facts take a whole line.
    init(_ message: SigningAlertMessage) {
        self.init(
            title: message.title, facts: message.facts, tone: message.isUrgent ? .alarm : .warning, at: message.at,
            wideLabels: ["Detail", "Source", "Expires", "Left", "What happened", "What breaks", "What to do"],
            context: .signing)
    }
}
