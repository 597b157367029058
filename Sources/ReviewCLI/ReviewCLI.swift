import CommandLineKit
import ReviewLog

/// The `review` command as a library: `main.swift` only builds the environment and calls `main`.
package enum ReviewCLI {
    /// Parses and runs a command line.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the time, environment variables and store opener.
    /// - Returns: the exit status and the text for standard output and standard error.
    package static func main(arguments: [String], environment: ReviewEnvironment) -> CommandOutput {
        do {
            return run(try ReviewParser.parse(arguments, now: environment.now), environment: environment)
        } catch {
            return usageOutput(error)
        }
    }

    /// Parses and runs a command line, the App Store Connect commands (`sync`, `watch`, `auth check`) included.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the time, environment variables, store opener and App Store Connect transport.
    /// - Returns: the exit status and the text for standard output and standard error.
    package static func perform(arguments: [String], environment: ReviewEnvironment) async -> CommandOutput {
        do {
            return await perform(try ReviewParser.parse(arguments, now: environment.now), environment: environment)
        } catch {
            return usageOutput(error)
        }
    }

    /// Runs a parsed invocation, asynchronously when it talks to App Store Connect. `main.swift` parses once and
    /// calls this only for those commands (`ReviewCommand.usesNetwork`); the others go through `run`, which starts no
    /// concurrency threads.
    /// - Parameters:
    ///   - invocation: what to do.
    ///   - environment: the time, environment variables, store opener and App Store Connect transport.
    /// - Returns: the exit status and output.
    package static func perform(_ invocation: ReviewInvocation, environment: ReviewEnvironment) async -> CommandOutput {
        guard invocation.command.usesNetwork else { return run(invocation, environment: environment) }
        let environment = invocation.environment(environment)
        switch invocation.command {
        case .notify:
            return await NotifyCommands.perform(invocation, environment: environment).forTerminal
        case .serve(let settings):
            return await ServeCommand.perform(settings, invocation, environment).forTerminal
        case .webhookCreate, .webhookList, .webhookPing:
            return await WebhookCommands.perform(invocation, environment).forTerminal
        default:
            return await SyncCommands.run(invocation, environment: environment).forTerminal
        }
    }

    /// The output of a command line that does not parse.
    /// - Parameter failure: the parser's failure.
    /// - Returns: its status, and its message on standard error.
    package static func usageOutput(_ failure: CommandFailure) -> CommandOutput {
        CommandOutput(status: failure.status, standardError: "review: \(failure.message)\n").forTerminal
    }

    /// Runs a parsed invocation.
    /// - Parameters:
    ///   - invocation: what to do.
    ///   - environment: the time, environment variables and store opener.
    /// - Returns: the exit status and output (`CommandOutput.forTerminal`: no control character from a stored or
    ///   given value is written raw); failures carry their status and a message naming the cause.
    package static func run(_ invocation: ReviewInvocation, environment: ReviewEnvironment) -> CommandOutput {
        outcome(of: invocation, environment: environment).forTerminal
    }

    /// What `run` returns, before `forTerminal`.
    private static func outcome(of invocation: ReviewInvocation, environment: ReviewEnvironment) -> CommandOutput {
        let environment = invocation.environment(environment)
        switch invocation.command {
        case .help(let topic):
            return CommandOutput(standardOutput: ReviewHelp.text(for: topic) ?? ReviewHelp.overview)
        case .version:
            return CommandOutput(standardOutput: ReviewHelp.version + "\n")
        case .manual:
            return CommandOutput(standardOutput: ReviewHelp.manPage)
        case .completion(let shell):
            return CommandOutput(standardOutput: ReviewHelp.completionScript(for: shell))
        case .authAdd, .authList:
            return SyncCommands.auth(invocation.command, json: invocation.json, environment: environment)
        case .states:
            return CommandOutput(standardOutput: invocation.json ? StatesListing.json() : StatesListing.text())
        default:
            break
        }
        do {
            // An import file is read and checked before the store is opened, so a bad file never creates one.
            var imported: [ReviewEvent] = []
            if case .importFile(let file, _) = invocation.command {
                imported = try EventInterchange.events(fromFile: file)
            }
            let path = try environment.databasePath(option: invocation.databasePath)
            let opened =
                invocation.command.createsStore
                ? try environment.openStore(path) : try environment.openExistingStore(path)
            guard let store = opened else {
                throw CommandFailure(
                    .noInput,
                    "no store at \(ReviewEnvironment.displayed(path)); check --db or REVIEW_DB (a store is made by review log, import, sync, "
                        + "watch, serve or notify add)")
            }
            return try execute(invocation, store: store, imported: imported, environment: environment)
        } catch {
            return failureOutput(error, command: invocation.command)
        }
    }

    /// What a command that failed prints and exits with: the status by the error's code (`ExitStatus(failure:)`),
    /// and one line on standard error, the library's reason followed by this command line's advice (`ErrorAdvice`).
    /// - Parameters:
    ///   - error: what the command threw.
    ///   - command: the command that ran.
    ///   - profile: the credential profile whose pass failed, named before the reason; nil for none.
    /// - Returns: the status and the line.
    static func failureOutput(_ error: any Error, command: ReviewCommand, profile: String? = nil) -> CommandOutput {
        CommandOutput(
            status: ExitStatus(failure: error),
            standardError: "review: \(profile.map { "profile \($0): " } ?? "")"
                + "\(ErrorAdvice.message(for: error, in: command))\n")
    }

    private static func execute(
        _ invocation: ReviewInvocation, store: RelationalReviewStore, imported: [ReviewEvent],
        environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let renderer = Renderer(utc: invocation.utc, now: environment.now)
        switch invocation.command {
        case .log(var request, let platformGiven, let newApp):
            if !newApp { try refuseNearMiss(request.app, store: store) }
            if !platformGiven { request.platform = try platform(for: request, store: store) }
            let result = try store.record(request)
            var warning = result.inserted && !result.isNormalTransition ? renderer.transitionWarning(result) : ""
            // The event and its notifications are committed; delivery is tried now, and what fails stays queued.
            if result.inserted {
                warning += NotifyCommands.deliverNow(
                    eventIDs: [result.event.id], store: store, environment: environment)
            }
            let showIdentifiers = request.bundleID != nil || request.appStoreID != nil
            return CommandOutput(
                standardOutput: renderer.logged(result, showIdentifiers: showIdentifiers, json: invocation.json),
                standardError: warning)
        case .status(let query):
            return try ReadingCommands.status(
                query, json: invocation.json, store: store, renderer: renderer, environment: environment)
        case .timeline(let query):
            return try ReadingCommands.timeline(
                query, json: invocation.json, store: store, renderer: renderer, environment: environment)
        case .stats(let query):
            return try ReadingCommands.statistics(
                query, json: invocation.json, store: store, renderer: renderer, environment: environment)
        case .report(let app, let file):
            return try ReportCommand.run(
                events: try events(of: app, store: store), file: file, json: invocation.json, renderer: renderer)
        case .export(let format, let filter):
            let events = try events(matching: filter, store: store)
            let text = format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
            // A file format, written exact to a file or a pipe (a CSV cell keeps its CR and LF); escaped on a terminal.
            var output = CommandOutput(standardOutput: text)
            output.standardOutputIsData = true
            return output
        case .importFile(let path, let notify):
            var summary: ImportSummary
            var queued = ""
            if notify {
                let before = try store.notifications(statuses: [.pending]).count
                summary = try store.importEvents(imported, notify: true)
                let count = try store.notifications(statuses: [.pending]).count - before
                queued =
                    "\(count) notification\(count == 1 ? "" : "s") queued; review notify flush (or review watch) "
                    + "sends them.\n"
            } else {
                summary = try store.importEvents(imported)
            }
            return CommandOutput(
                standardOutput: renderer.imported(summary, path: path, json: invocation.json), standardError: queued)
        case .notify(let action):
            return try NotifyCommands.manage(action, invocation: invocation, store: store)
        case .delete(let id):
            let event = try store.deleteEvent(id: id)
            return CommandOutput(standardOutput: renderer.deleted(event, json: invocation.json))
        case .apps(.list):
            return CommandOutput(standardOutput: renderer.apps(try store.apps(), json: invocation.json))
        case .apps(.rename(let old, let new)):
            let app = try requireApp(old, store: store)
            // The store refuses this too; asked here first, the refusal can name the merge that does what was meant.
            if let other = try store.app(named: new), other.name != app.name {
                throw CommandFailure(
                    .dataError,
                    "an app named \"\(other.name)\" already exists; to make \(app.name) part of it, merge: review apps "
                        + "merge \"\(app.name)\" \"\(other.name)\"")
            }
            let renamed = try store.renameApp(app.name, to: new)
            return CommandOutput(standardOutput: renderer.renamed(from: app.name, to: renamed, json: invocation.json))
        case .apps(.merge(let from, let into)):
            _ = try requireApp(from, store: store)
            _ = try requireApp(into, store: store)
            let merge = try store.mergeApp(from, into: into)
            return CommandOutput(standardOutput: renderer.merged(merge, json: invocation.json))
        case .edit(let id, let note, let at):
            let edit = try store.editEvent(id: id, note: note, at: at)
            let version = try store.events(app: edit.after.app.name).filter { $0.versionKey == edit.after.versionKey }
            return CommandOutput(
                standardOutput: renderer.edited(edit, json: invocation.json),
                standardError: renderer.editWarning(edit, events: version))
        case .migrate(let target):
            return try migrate(store, to: target, invocation: invocation, environment: environment)
        case .undo:
            return CommandOutput(
                standardOutput: renderer.undone(try store.undoLastManualEvent(), json: invocation.json))
        case .help, .version, .manual, .completion, .sync, .watch, .authAdd, .authList, .authCheck, .states, .serve,
            .webhookCreate, .webhookList, .webhookPing:
            return CommandOutput()
        }
    }

    /// The platform of a `log` without `--platform`: the app's only platform; with several, the one that has the
    /// `--version` given, else (no version given) the platform of the app's latest event; iOS for an app without
    /// events. A version on several platforms, or on none of an app's several, is ambiguous: refused with the choices.
    static func platform(for request: LogRequest, store: any ReviewStore) throws -> Platform {
        guard try store.app(named: request.app) != nil else { return .iOS }
        let events = try store.events(app: request.app)
        let platforms = Set(events.map(\.platform))
        if platforms.count <= 1 { return platforms.first ?? .iOS }
        let names = Platform.allCases.filter(platforms.contains).map(\.name)
        guard let version = request.version else {
            let latest = events.max { ($0.at, $0.id) < ($1.at, $1.id) }
            return latest?.platform ?? .iOS
        }
        let holding = Set(events.filter { $0.version == version }.map(\.platform))
        if holding.count == 1, let only = holding.first { return only }
        throw CommandFailure(
            .usage,
            "\(request.app) has events on \(names.joined(separator: " and ")), and version \(version) "
                + (holding.isEmpty ? "on none of them" : "on several")
                + "; give the platform: " + names.map { "--platform \($0)" }.joined(separator: " or "))
    }

    /// `log` of an app that does not exist yet: refused (64) when its name is close to an existing app's, a likely
    /// typo ("Fokis" beside "Fokus"), naming the app it is close to; `--new-app` skips this. Never a prompt.
    static func refuseNearMiss(_ name: String, store: any ReviewStore) throws {
        guard try store.app(named: name) == nil else { return }
        let close = AppNameSimilarity.nearMisses(of: name, among: try store.appNames())
        guard !close.isEmpty else { return }
        throw CommandFailure(
            .usage,
            "no app named \"\(name)\" yet; did you mean \(close.joined(separator: " or "))? Log it under that name, "
                + "or add --new-app to create \"\(name)\" as a new app")
    }

    /// Every event, or an app's events (an unknown app is "not found", with the closest name suggested).
    static func events(of app: String?, store: any ReviewStore) throws -> [ReviewEvent] {
        guard let app else { return try store.events(app: nil) }
        return try store.events(app: try storedName(of: app, store: store))
    }

    /// The name an app is stored under, found case-insensitively (an unknown app is "not found", with the closest
    /// name suggested).
    static func storedName(of app: String, store: any ReviewStore) throws -> String {
        try requireApp(app, store: store).name
    }

    /// The app of that name; an unknown one is "not found" (1), with the closest name suggested.
    static func requireApp(_ app: String, store: any ReviewStore) throws -> App {
        guard let found = try store.app(named: app) else { throw try appNotFound(app, store: store) }
        return found
    }
}
