import ReviewLog

/// What a chat payload shows of a message, whichever message it is (a review notification, a signing alert): the
/// title, the facts, how much it must stand out, its time, and the context line Slack adds. Slack, Discord and Teams
/// render this, so both kinds of message take the same shapes and the same escaping (every title and fact a value).
struct ChatContent {
    /// How much the message stands out on each channel.
    enum Tone {
        /// Nothing to stand out: no mark, green on Discord, the default colour on Teams.
        case ordinary
        /// In Review: 🔍, blurple on Discord, Teams' `Accent`.
        case review
        /// An approval: ✅, green on Discord, Teams' `Good`.
        case approval
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
    /// The links each channel shows as its own link elements (Slack buttons, Teams `Action.OpenUrl`s, the first as
    /// the Discord embed's URL), never inside a text: made by Gatehouse, never from what the store holds as text.
    var links: [(label: String, url: String)] = []
}

extension ChatContent {
    /// A review notification's content: a rejection is an alarm, a long wait a long wait, an approval and In Review
    /// are marked; its time is the event's; the comparison and the time of the change take a whole line; its links
    /// (an expedited review request, the app's App Store Connect page) are link elements.
    init(_ message: NotificationMessage) {
        let tone: Tone
        if message.isRejection {
            tone = .alarm
        } else if message.isLongWait {
            tone = .longWait
        } else if message.isApproval {
            tone = .approval
        } else if message.event.state == .inReview {
            tone = .review
        } else {
            tone = .ordinary
        }
        self.init(
            title: message.title, facts: message.facts, tone: tone, at: message.event.at,
            wideLabels: ["Compared", "Changed", "In this state since"], context: message.kind == .test ? .test : nil,
            links: message.links)
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
