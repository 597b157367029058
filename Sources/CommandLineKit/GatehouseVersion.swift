/// The version every Gatehouse command reports with `--version`.
public enum GatehouseVersion {
    /// The release version.
    public static let string = "0.1.0"
}
