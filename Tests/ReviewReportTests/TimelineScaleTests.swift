import ReviewLog
import ReviewReport
import Testing

@Suite("The timeline bars: review time from submission, on one scale (issue 25 item 18)")
struct TimelineScaleTests {
    /// A version's timeline from states and the seconds after the first each was entered.
    static func timeline(_ version: String, _ states: [(ReviewState, Int64)]) -> VersionTimeline {
        let app = App(name: "Fokus")
        let start = ReportFixture.now.secondsSince1970 - 60 * 86_400
        let events = states.map { state, offset in
            ReviewEvent(
                id: 0, app: app, platform: .iOS, version: version, state: state,
                at: Timestamp(secondsSince1970: start + offset))
        }
        return VersionTimeline.timelines(of: events, now: ReportFixture.now)[0]
    }

    static let minute: Int64 = 60
    static let hour: Int64 = 3_600
    static let day: Int64 = 86_400

    @Test("a one-minute review and a seven-day wait share one scale, and both are at least the minimum width")
    func minimumWidth() {
        let quick = Self.timeline(
            "1.0", [(.waitingForReview, 0), (.inReview, Self.minute), (.pendingDeveloperRelease, 2 * Self.minute)])
        let slow = Self.timeline(
            "2.0", [(.waitingForReview, 0), (.inReview, 7 * Self.day), (.rejected, 7 * Self.day + Self.hour)])
        let bars = [ReviewBar(quick), ReviewBar(slow)]
        let scale = TimelineScale(bars: bars)
        #expect(scale.fullSeconds >= 7 * Self.day + Self.hour)
        let layouts = bars.map { scale.layout($0).pieces }
        for pieces in layouts {
            #expect(pieces.count == 3)
            for piece in pieces {
                #expect(piece.width >= TimelineScale.minimumWidth, "\(piece.segment.span.state)")
            }
        }
        // The week's wait is drawn at its length on the scale; the minute's review at the minimum, not a sliver.
        #expect(layouts[1][0].width == scale.x(7 * Self.day))
        #expect(layouts[1][0].width > TimelineScale.width / 2)
        #expect(layouts[0][0].width == TimelineScale.minimumWidth)
        // The rejection ends its bar as a mark: visible, whatever it lasted after.
        #expect(layouts[1][2].segment.isOutcome && layouts[1][2].segment.span.state == .rejected)
        #expect(layouts[1][2].width == TimelineScale.minimumWidth)
    }

    @Test("two cycles of different lengths get widths in proportion to their review time")
    func proportional() {
        let long = Self.timeline(
            "1.0", [(.waitingForReview, 0), (.inReview, 2 * Self.day), (.approved, 3 * Self.day)])
        let short = Self.timeline(
            "1.1", [(.waitingForReview, 0), (.inReview, 12 * Self.hour), (.approved, 18 * Self.hour)])
        let scale = TimelineScale(bars: [ReviewBar(long), ReviewBar(short)])
        let longPieces = scale.layout(ReviewBar(long)).pieces
        let shortPieces = scale.layout(ReviewBar(short)).pieces
        let longWidth = longPieces[0].width + longPieces[1].width
        let shortWidth = shortPieces[0].width + shortPieces[1].width
        #expect(abs(longWidth / shortWidth - 3 * 24.0 / 18) < 1e-9, "\(longWidth) and \(shortWidth)")
        // Each bar's own scale drew both as wide as the row.
        #expect(longWidth <= TimelineScale.width + 1e-9 && longWidth > 0.7 * TimelineScale.width)
    }

    @Test("Prepare for Submission and the states after the decision take no width")
    func reviewTimeOnly() {
        let timeline = Self.timeline(
            "1.0",
            [
                (.prepareForSubmission, 0), (.waitingForReview, 5 * Self.day), (.inReview, 5 * Self.day + Self.hour),
                (.pendingDeveloperRelease, 5 * Self.day + 2 * Self.hour), (.readyForDistribution, 8 * Self.day),
            ])
        let bar = ReviewBar(timeline)
        #expect(bar.segments.map(\.span.state) == [.waitingForReview, .inReview, .pendingDeveloperRelease])
        #expect(bar.segments.map(\.isOutcome) == [false, false, true])
        #expect(bar.reviewSeconds == 2 * Self.hour)
        let scale = TimelineScale(bars: [bar])
        #expect(scale.fullSeconds < Self.day, "the scale is the review time's, not the 8 days of the version")
        #expect(!scale.layout(bar).pieces.contains { $0.segment.span.state == .prepareForSubmission })
    }

    @Test("a rejection and a second cycle: the rejection a mark, a gap, the second cycle on the same scale")
    func secondCycle() {
        let timeline = Self.timeline(
            "1.3",
            [
                (.waitingForReview, 0), (.inReview, 2 * Self.hour), (.rejected, 3 * Self.hour),
                (.waitingForReview, 4 * Self.day), (.inReview, 5 * Self.day), (.approved, 5 * Self.day + Self.hour),
            ])
        let bar = ReviewBar(timeline)
        #expect(bar.segments.map(\.cycle) == [1, 1, 1, 2, 2, 2])
        #expect(bar.reviewSeconds == 3 * Self.hour + Self.day + Self.hour, "the days before resubmitting are not drawn")
        let scale = TimelineScale(bars: [bar])
        let pieces = scale.layout(bar).pieces
        #expect(pieces[3].x == pieces[2].x + pieces[2].width + TimelineScale.gapWidth)
        #expect(pieces[3].width == scale.x(Self.day))
        #expect(pieces[2].segment.isOutcome && pieces[2].width == TimelineScale.minimumWidth)
    }

    @Test("an open wait runs to now; past four weeks the scale stops and the bar is cut")
    func openAndCut() {
        let open = Self.timeline("9.0", [(.prepareForSubmission, 0), (.waitingForReview, Self.day)])
        let bar = ReviewBar(open)
        #expect(bar.segments.count == 1 && !bar.segments[0].isOutcome)
        #expect(bar.reviewSeconds == 59 * Self.day)
        let other = ReviewBar(
            Self.timeline("8.0", [(.waitingForReview, 0), (.inReview, Self.day), (.approved, 2 * Self.day)]))
        let scale = TimelineScale(bars: [bar, other])
        #expect(scale.fullSeconds == TimelineScale.longestSeconds)
        let (pieces, isCut) = scale.layout(bar)
        #expect(isCut && pieces.count == 1 && pieces[0].width == TimelineScale.width)
        #expect(!scale.layout(other).isCut)
        #expect(scale.ticks.last == scale.fullSeconds && scale.ticks.count <= 6)
    }

    @Test("the page draws every bar over one viewBox, with no Prepare for Submission piece")
    func page() throws {
        let html = HTMLReportTests.page(try ReportFixture.sampleEvents())
        var boxes: Set<String> = []
        var rest = html[...]
        while let bar = rest.range(of: "class=\"gantt-bar\" viewBox=\"") {
            let box = rest[bar.upperBound...].prefix { $0 != "\"" }
            boxes.insert(String(box))
            rest = rest[bar.upperBound...]
        }
        #expect(boxes.count == 1, "\(boxes)")
        #expect(!html.contains("<title>Prepare for Submission"))
        #expect(html.contains("class=\"gantt-axis\""))
    }
}
