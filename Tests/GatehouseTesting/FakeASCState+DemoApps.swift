extension FakeASCState.App {
    /// The three apps of the demo (`gatehouse-asc-standin`) and of the `review sync` end-to-end tests: Fokus (iOS),
    /// Ledger (macOS) and Tide (iOS), in list order. Their versions and submissions are each user's own.
    public static let demoApps: [FakeASCState.App] = [
        .init(id: "1500000001", name: "Fokus", bundleID: "com.example.fokus"),
        .init(id: "1500000002", name: "Ledger", bundleID: "com.example.ledger"),
        .init(id: "1500000003", name: "Tide", bundleID: "com.example.tide"),
    ]
}
