import ReviewLog

/// The output of `review apps`, `apps rename`, `apps merge`, `edit` and `undo`.
extension Renderer {
    func apps(_ summaries: [AppSummary], json: Bool) -> String {
        let names = summaries.map(\.app.name)
        // Apps made before log refused near misses (or with --new-app) may be one app typed twice.
        let alike = { (name: String) in AppNameSimilarity.nearMisses(of: name, among: names.filter { $0 != name }) }
        if json {
            let items = summaries.map { summary in
                "  "
                    + JSONText.object([
                        ("name", JSONText.string(summary.app.name)),
                        ("bundleId", JSONText.string(summary.app.bundleID)),
                        ("appStoreId", JSONText.string(summary.app.appStoreID)),
                        (
                            "platforms",
                            "[" + summary.platforms.map { JSONText.string($0.name) }.joined(separator: ", ") + "]"
                        ),
                        ("versions", String(summary.versions)), ("events", String(summary.events)),
                        ("firstEventAt", JSONText.string(summary.firstEventAt?.iso8601)),
                        ("lastEventAt", JSONText.string(summary.lastEventAt?.iso8601)),
                        ("synced", String(summary.isSynced)),
                        (
                            "alike",
                            "[" + alike(summary.app.name).map { JSONText.string($0) }.joined(separator: ", ") + "]"
                        ),
                    ])
            }
            return items.isEmpty ? "{\"apps\": []}\n" : "{\"apps\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
        }
        if summaries.isEmpty { return "No apps yet. Record an event with: review log APP STATE --version V\n" }
        var rows = [["APP", "PLATFORMS", "VERSIONS", "EVENTS", "LAST EVENT", "BUNDLE ID", "SYNCED"]]
        for summary in summaries {
            rows.append([
                shown(summary.app.name), summary.platforms.map(\.name).joined(separator: ", "),
                String(summary.versions),
                String(summary.events), summary.lastEventAt.map(time) ?? "-", summary.app.bundleID.map(shown) ?? "-",
                summary.isSynced ? "yes" : "no",
            ])
        }
        var text = TextTable(rows: rows).render()
        for name in names {
            for other in alike(name) where name < other {
                text +=
                    "\(shown(name)) and \(shown(other)) look alike; if they are one app: review apps merge "
                    + "\"\(shown(name))\" \"\(shown(other))\"\n"
            }
        }
        return text
    }

    func renamed(from old: String, to app: App, json: Bool) -> String {
        if json {
            return JSONText.object([("from", JSONText.string(old)), ("to", JSONText.string(app.name))]) + "\n"
        }
        return "Renamed \(shown(old)) to \(shown(app.name)).\n"
    }

    func merged(_ merge: AppMerge, json: Bool) -> String {
        let tables = merge.otherRows.sorted { $0.key < $1.key }
        if json {
            return JSONText.object([
                ("from", JSONText.string(merge.from.name)), ("into", JSONText.string(merge.into.name)),
                ("events", String(merge.events)),
                ("otherRows", JSONText.object(tables.map { ($0.key, String($0.value)) })),
            ]) + "\n"
        }
        var text = "Merged \(shown(merge.from.name)) into \(shown(merge.into.name)): \(merge.events) "
        text += merge.events == 1 ? "event moved" : "events moved"
        if !tables.isEmpty {
            text +=
                " (and "
                + tables.map { "\($0.value) \($0.key) row" + ($0.value == 1 ? "" : "s") }
                .joined(separator: ", ") + ")"
        }
        return text + "; \(shown(merge.from.name)) is gone.\n"
    }

    /// A note for people: quoted, or "no note".
    private func noteText(_ note: String?) -> String { note.map { "\"\(shown($0))\"" } ?? "no note" }

    func edited(_ edit: EventEdit, json: Bool) -> String {
        if json {
            return JSONText.object([
                ("event", EventInterchange.jsonObject(edit.after)),
                (
                    "before",
                    JSONText.object([
                        ("at", JSONText.string(edit.before.at.iso8601)), ("note", JSONText.string(edit.before.note)),
                    ])
                ),
            ]) + "\n"
        }
        let event = edit.after
        var text = "Edited event \(event.id): \(label(event.versionKey)) \(event.state.displayName)\n"
        if edit.before.at != event.at { text += "  time: \(time(edit.before.at)) → \(time(event.at))\n" }
        if edit.before.note != event.note {
            text += "  note: \(noteText(edit.before.note)) → \(noteText(event.note))\n"
        }
        if edit.before == event { text += "  (nothing changed: the values given were the event's own)\n" }
        return text
    }

    /// A warning when a time edit puts the event in an unusual order among its version's other events (it was not
    /// before): `events` are the version's events after the edit.
    func editWarning(_ edit: EventEdit, events: [ReviewEvent]) -> String {
        guard edit.before.at != edit.after.at else { return "" }
        let others = events.filter { $0.id != edit.after.id }
        guard let after = unusualStep(around: edit.after, among: others),
            unusualStep(around: edit.before, among: others) == nil
        else { return "" }
        return "review: warning: after the edit, \(label(edit.after.versionKey)) goes \(after), an unusual order; "
            + "check the time (kept as given)\n"
    }

    /// The first unusual step into or out of `event` when it stands among `others` by time, as "A → B".
    private func unusualStep(around event: ReviewEvent, among others: [ReviewEvent]) -> String? {
        let ordered = (others + [event]).sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        guard let index = ordered.firstIndex(of: event) else { return nil }
        let previous = index > 0 ? ordered[index - 1].state : nil
        if !Transitions.isNormal(from: previous, to: event.state) {
            return "\(previous?.displayName ?? "(first)") → \(event.state.displayName)"
        }
        if index + 1 < ordered.count, !Transitions.isNormal(from: event.state, to: ordered[index + 1].state) {
            return "\(event.state.displayName) → \(ordered[index + 1].state.displayName)"
        }
        return nil
    }

    func undone(_ undo: UndoResult, json: Bool) -> String {
        if json {
            return JSONText.object([
                ("event", EventInterchange.jsonObject(undo.event)), ("appRemoved", String(undo.removedApp)),
            ]) + "\n"
        }
        let event = undo.event
        var text = "Undid event \(event.id), logged by hand: \(label(event.versionKey)) \(event.state.displayName) at "
        text += "\(time(event.at))"
        if let note = event.note { text += " (\"\(shown(note))\")" }
        text += "\n"
        if undo.removedApp { text += "\(shown(event.app.name)) had nothing else and was removed too.\n" }
        return text
    }
}
