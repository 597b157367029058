/// The version every Gatehouse command reports with `--version`.
package enum GatehouseVersion {
    /// The release version.
    package static let string = "0.1.0"
}
