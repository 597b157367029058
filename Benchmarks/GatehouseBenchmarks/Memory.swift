import AllocationCounter

#if canImport(Glibc)
    import Glibc
#endif

/// Resident memory and heap allocation counts of this process.
enum Memory {
    /// Resident set size in bytes, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { s in
                    withUnsafeMutablePointer(to: &resident) { r in fscanfTwo(file, s, r) }
                })
        else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func fscanfTwo(
        _ file: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>,
        _ b: UnsafeMutablePointer<Int>
    ) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let first = Int(fields[0]), let second = Int(fields[1]) else { return false }
        a.pointee = first
        b.pointee = second
        return true
    }

    /// The heap allocations (malloc, calloc, realloc, memalign family, whole process) `body` makes.
    static func allocations(_ body: () async throws -> Void) async rethrows -> UInt64 {
        gatehouse_allocations_start()
        try await body()
        return gatehouse_allocations_stop()
    }

    /// Whether the counting malloc is the process's malloc: a Swift runtime allocation must be counted.
    static func counterIsInterposed() async -> Bool {
        final class Probe { var value = 0 }
        let count = await allocations {
            let probe = Probe()
            probe.value = 1
            blackHole(probe)
        }
        return count >= 1
    }
}

/// Keeps the optimiser from dropping a value.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
