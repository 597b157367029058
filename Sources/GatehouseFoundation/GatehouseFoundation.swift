// The one place that chooses the Foundation the project's own modules build on, so no file repeats the choice:
// FoundationEssentials where the toolchain has it (Linux: dates, data, URLs and JSON without the rest of Foundation,
// which a command line would otherwise load at start-up; issue 10 item 6), else Foundation (Apple platforms).
// A file writes `import GatehouseFoundation`, or `public import GatehouseFoundation` where `Date`, `Data` or `URL`
// appear in its public API. Re-exporting is all this module does: it has no code of its own.
#if canImport(FoundationEssentials)
    @_exported public import FoundationEssentials
#else
    @_exported public import Foundation
#endif
