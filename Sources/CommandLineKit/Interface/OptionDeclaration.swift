/// Anything that declares an option: a flag's `OptionSpec`, or an `Option<Value>` that also reads its value.
/// A `CommandSpec` lists them together.
package protocol OptionDeclaration: Sendable {
    /// The option's record: name, value name, help, kind, completion.
    var spec: OptionSpec { get }
}
