import Foundation

/// Runs the completion scripts the command-line tools write in the real shells: a syntax check (`bash -n`,
/// `zsh -n`, `fish -n`) and, for bash and fish, the completions offered for a command line.
public enum ShellCompletionRunner {
    /// Checks a script's syntax with `<shell> -n`.
    /// - Parameters:
    ///   - script: the script.
    ///   - shell: `bash`, `zsh` or `fish`; the caller has checked it is installed.
    /// - Returns: the shell's status and messages.
    /// - Throws: when the file cannot be written or the shell cannot be started.
    public static func checkSyntax(_ script: String, shell: String) throws -> ProcessRunner.Result {
        let directory = try TemporaryDirectory()
        let file = directory.file("completion.\(shell)")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try ProcessRunner.run(executableAt: try program(shell), ["-n", file.path])
    }

    /// What a bash completion function offers for the words typed (the last one is being completed), run as bash
    /// runs it: `--opt=value` is split into `--opt`, `=`, `value`, since `=` is in `COMP_WORDBREAKS`.
    /// - Parameters:
    ///   - script: the bash script, defining `_<tool>`.
    ///   - words: the words typed, the tool's name first.
    /// - Returns: `COMPREPLY`.
    /// - Throws: when bash cannot be run.
    public static func bashCandidates(_ script: String, _ words: [String]) throws -> [String] {
        let directory = try TemporaryDirectory()
        let file = directory.file("completion.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        var split: [String] = []
        for word in words {
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                split += [String(word[..<equals]), "=", String(word[word.index(after: equals)...])]
            } else {
                split.append(word)
            }
        }
        let quoted = split.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            source '\(file.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _\(words[0])
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ProcessRunner.run(executableAt: try Self.program("bash"), ["-c", program])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    /// What fish offers for a command line (`complete -C`), with only this script loaded.
    /// - Parameters:
    ///   - script: the fish script.
    ///   - line: the command line typed so far.
    /// - Returns: the candidates, without their descriptions.
    /// - Throws: when fish cannot be run.
    public static func fishCandidates(_ script: String, _ line: String) throws -> [String] {
        let directory = try TemporaryDirectory()
        let file = directory.file("completion.fish")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            executableAt: try program("fish"),
            ["--no-config", "-c", "source \(file.path); complete -C '\(line.replacing("'", with: "\\'"))'"])
        return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    private static func program(_ name: String) throws -> URL {
        guard let url = ProcessRunner.installedProgram(name) else { throw CocoaError(.fileNoSuchFile) }
        return url
    }
}
