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
        return await SyncCommands.run(invocation, environment: environment)
    }

    /// The output of a command line that does not parse.
    /// - Parameter failure: the parser's failure.
    /// - Returns: its status, and its message on standard error.
    package static func usageOutput(_ failure: CommandFailure) -> CommandOutput {
        CommandOutput(status: failure.status, standardError: "review: \(failure.message)\n")
    }

    /// Runs a parsed invocation.
    /// - Parameters:
    ///   - invocation: what to do.
    ///   - environment: the time, environment variables and store opener.
    /// - Returns: the exit status and output; failures carry their status and a message naming the cause.
    package static func run(_ invocation: ReviewInvocation, environment: ReviewEnvironment) -> CommandOutput {
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
            return SyncCommands.auth(invocation.command, environment: environment)
        default:
            break
        }
        do {
            // An import file is read and checked before the store is opened, so a bad file never creates one.
            var imported: [ReviewEvent] = []
            if case .importFile(let file) = invocation.command {
                imported = try EventInterchange.events(fromFile: file)
            }
            let path = try environment.databasePath(option: invocation.databasePath)
            if !invocation.command.createsStore, !environment.storeExists(path) {
                throw CommandFailure(
                    .noInput,
                    "no store at \(path); check --db or REVIEW_DB (a store is made by review log, import, sync or "
                        + "watch)")
            }
            let store = try environment.openStore(path)
            return try execute(invocation, store: store, imported: imported, environment: environment)
        } catch let error as ReviewError {
            return CommandOutput(status: status(for: error), standardError: "review: \(error.reason)\n")
        } catch let failure as CommandFailure {
            return CommandOutput(status: failure.status, standardError: "review: \(failure.message)\n")
        } catch {
            return CommandOutput(status: .ioError, standardError: "review: \(error)\n")
        }
    }

    /// The exit status of a library error (the table in STYLE.md).
    /// - Parameter error: the error.
    /// - Returns: 1 for not found, 64 for values the user must fix on the command line, 65 and 66 for import
    ///   files, 74 for the store.
    package static func status(for error: ReviewError) -> ExitStatus {
        switch error.code {
        case .appNotFound, .versionNotFound, .eventNotFound: .negative
        case .versionRequired, .invalidValue: .usage
        case .malformedImport: .dataError
        case .importFileUnreadable: .noInput
        default: .ioError
        }
    }

    private static func execute(
        _ invocation: ReviewInvocation, store: any ReviewStore, imported: [ReviewEvent], environment: ReviewEnvironment
    ) throws -> CommandOutput {
        let renderer = Renderer(utc: invocation.utc, now: environment.now)
        switch invocation.command {
        case .log(var request, let platformGiven):
            if !platformGiven { request.platform = try platform(for: request, store: store) }
            let result = try store.record(request)
            let warning = result.inserted && !result.isNormalTransition ? renderer.transitionWarning(result) : ""
            return CommandOutput(standardOutput: renderer.logged(result), standardError: warning)
        case .status(let app):
            let events = try events(of: app, store: store)
            let timelines = VersionTimeline.timelines(of: events, now: environment.now)
            return CommandOutput(standardOutput: renderer.status(timelines, json: invocation.json))
        case .timeline(let app, let version, let platform):
            let events = try events(of: app, store: store)
            let key = try versionKey(app: app, events: events, version: version, platform: platform)
            let timeline = VersionTimeline(
                key: key, events: events.filter { $0.versionKey == key }, now: environment.now)
            return CommandOutput(standardOutput: renderer.timeline(timeline, json: invocation.json))
        case .stats(let app, let since, let until):
            let events = try events(of: app, store: store)
            let timelines = VersionTimeline.timelines(of: events, now: environment.now)
            let stats = ReviewStatistics(timelines: timelines, since: since, until: until)
            let name = try app.map { try store.app(named: $0)?.name ?? $0 }
            return CommandOutput(
                standardOutput: renderer.statistics(stats, app: name, since: since, until: until, json: invocation.json)
            )
        case .report(let app, let file):
            return try ReportCommand.run(
                events: try events(of: app, store: store), file: file, json: invocation.json, renderer: renderer)
        case .export(let format):
            let events = try store.events(app: nil)
            let text = format == .json ? EventInterchange.json(events) : EventInterchange.csv(events)
            return CommandOutput(standardOutput: text)
        case .importFile(let path):
            let summary = try store.importEvents(imported)
            let name = path == "-" ? "standard input" : path
            return CommandOutput(
                standardOutput: "Imported \(summary.inserted) events from \(name) (\(summary.alreadyPresent) "
                    + "already present).\n")
        case .delete(let id):
            let event = try store.deleteEvent(id: id)
            return CommandOutput(
                standardOutput: "Deleted event \(event.id): \(renderer.label(event.versionKey)) "
                    + "\(event.state.displayName) at \(renderer.time(event.at))\n")
        case .help, .version, .manual, .completion, .sync, .watch, .authAdd, .authList, .authCheck:
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

    /// Every event, or an app's events (an unknown app is "not found", with the closest name suggested).
    private static func events(of app: String?, store: any ReviewStore) throws -> [ReviewEvent] {
        guard let app else { return try store.events(app: nil) }
        guard try store.app(named: app) != nil else {
            let names = try store.appNames()
            let hint: String
            if let close = Suggestion.closest(to: app, among: names) {
                hint = "; did you mean \(close)?"
            } else if names.isEmpty {
                hint = "; the store has no apps yet"
            } else {
                hint = "; the apps are \(names.joined(separator: ", "))"
            }
            throw ReviewError(.appNotFound, "no app named \"\(app)\"\(hint)")
        }
        return try store.events(app: app)
    }

    /// The version a timeline shows: the one asked for, else the version of the app's latest event.
    private static func versionKey(app: String, events: [ReviewEvent], version: String?, platform: Platform?) throws
        -> VersionKey
    {
        let candidates = events.filter { event in
            (version.map { event.version == $0 } ?? true) && (platform.map { event.platform == $0 } ?? true)
        }
        guard let latest = candidates.max(by: { ($0.at, $0.id) < ($1.at, $1.id) }) else {
            let known = Set(events.map { "\($0.version) (\($0.platform.name))" }).sorted().joined(separator: ", ")
            let asked = [version.map { "version \($0)" }, platform.map { "platform \($0.name)" }].compactMap { $0 }
            throw ReviewError(
                .versionNotFound,
                "\(events.first?.app.name ?? app) has no events for \(asked.joined(separator: " on ")); it has \(known)"
            )
        }
        return latest.versionKey
    }
}
