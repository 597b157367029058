#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process runs under a sanitizer (`make asan`, `make tsan`): AddressSanitizer's or ThreadSanitizer's
/// runtime is linked into it (`__asan_init`, `__tsan_init`), whatever the command line or the environment.
///
/// For the few suites that only compare bytes and take long under a sanitizer, which adds nothing to them (the App
/// Store output baseline), in an `.enabled(if: !Sanitizers.areActive, ...)` trait.
public enum Sanitizers {
    /// Whether a sanitizer's runtime is in the process.
    public static let areActive: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        let entryPoints: [String] = ["__asan_init", "__tsan_init"]
        return entryPoints.contains { dlsym(process, $0) != nil }
    }()

    /// The reason a trait gives for skipping under a sanitizer.
    public static let skipReason =
        "skipped under the sanitizers (make asan, make tsan): a byte comparison of outputs; make test runs it"
}
