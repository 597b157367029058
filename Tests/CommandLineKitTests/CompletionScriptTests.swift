import Testing

@testable import CommandLineKit

@Suite("Completion scripts from declarations")
struct CompletionScriptTests {
    @Test("bash: the subcommands, each command's options, value and argument completions, and the complete line")
    func bash() {
        let script = CompletionScript.text(for: SampleTool.tool, shell: .bash)
        #expect(script.hasPrefix("# bash completion for sample"))
        #expect(script.hasSuffix("complete -F _sample sample\n"))
        #expect(script.contains("':run' | ':pick') path=\"${path:+$path }$word\"; positionals=0 ;;"))
        #expect(
            script.contains("'run:--count' | 'run:--input' | 'run:--tag' | 'run:--cache-dir') pending=\"$word\" ;;"))
        #expect(
            script.contains(
                "'run:--input') compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;"))
        #expect(
            script.contains(
                "'run:--cache-dir') compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\") ;;"
            ))
        #expect(script.contains("'run:--tag') mapfile -t COMPREPLY < <(compgen -W 'red green' -- \"$cur\") ;;"))
        #expect(
            script.contains("'') mapfile -t COMPREPLY < <(compgen -W '--quiet -h --help --version' -- \"$cur\") ;;"))
        #expect(script.contains("':0') mapfile -t COMPREPLY < <(compgen -W 'run pick' -- \"$cur\") ;;"))
        #expect(script.contains("'pick:0') mapfile -t COMPREPLY < <(compgen -W 'red green' -- \"$cur\") ;;"))
    }

    @Test("zsh: a function per command with _arguments specs; descriptions escaped")
    func zsh() {
        let script = CompletionScript.text(for: SampleTool.tool, shell: .zsh)
        #expect(script.hasPrefix("#compdef sample\n"))
        #expect(script.contains("_sample_run() {"))
        #expect(script.contains("'--count=[How many times, 1 to 9.]:n:' \\"))
        #expect(script.contains("'--input=[Read from this file.]:file:_files' \\"))
        #expect(script.contains("'*--tag=[A colour tag (repeatable).]:tag:(red green)' \\"))
        #expect(script.contains("'--cache-dir=[Keep the cache here.]:dir:_files -/' \\"))
        #expect(script.contains("'(-h --help)'{-h,--help}'[Show this help.]' \\"))
        #expect(
            script.contains(
                "'--extraordinarily-long-flag[A flag whose name is too long for the column, so its help starts on the next line; it'\\''s quoted \\[sic\\] with a backslash \\\\ too.]' \\"
            ))
        #expect(script.contains("':name:' \\"))
        #expect(script.contains("'::more:' \\"))
        #expect(script.contains("'run:Run the thing once or more.'"))
        #expect(script.contains("        run) _sample_run ;;"))
        #expect(script.contains("    compdef _sample sample"))
    }

    @Test("fish: a condition per command, a complete line per option, subcommand and argument")
    func fish() {
        let script = CompletionScript.text(for: SampleTool.tool, shell: .fish)
        #expect(script.contains("complete -c sample -f\n"))
        #expect(
            script.contains(
                "complete -c sample -n '__fish_sample_using \"\" 0' -a 'run' -d 'Run the thing once or more.'"))
        #expect(
            script.contains(
                "complete -c sample -n '__fish_sample_using \"run\"' -l count -x -d 'How many times, 1 to 9.'"))
        #expect(
            script.contains(
                "complete -c sample -n '__fish_sample_using \"run\"' -l input -r -F -d 'Read from this file.'"))
        #expect(script.contains("complete -c sample -n '__fish_sample_using \"run\"' -l tag -x -a 'red green' -d"))
        #expect(script.contains("-l cache-dir -x -a '(__fish_complete_directories)'"))
        #expect(
            script.contains("complete -c sample -n '__fish_sample_using \"run\"' -s h -l help -d 'Show this help.'"))
        #expect(
            script.contains(
                "-d 'A flag whose name is too long for the column, so its help starts on the next line; it\\'s quoted [sic] with a backslash \\\\ too.'"
            ))
        #expect(
            script.contains("complete -c sample -n '__fish_sample_using \"pick\" 0' -a 'red green' -d 'The colour.'"))
        #expect(script.contains("case 'run:--count' 'run:--input' 'run:--tag' 'run:--cache-dir'"))
    }
}
