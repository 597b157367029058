import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Mutex where Value: ~Copyable {
    /// `withLock`, with the critical section also announced to ThreadSanitizer: use it for every `Mutex` here.
    ///
    /// On Linux a contended `Mutex` is taken and handed over by the kernel (`FUTEX_LOCK_PI`, `FUTEX_UNLOCK_PI`),
    /// where ThreadSanitizer cannot see it; `make tsan` then reports the state the mutex guards as raced between
    /// two critical sections. Inside the lock this calls `__tsan_acquire` first and `__tsan_release` last, on the
    /// guarded value's address, so ThreadSanitizer orders the critical sections as the lock does. The one access it
    /// still sees too early, `withLock` passing the value in before the acquire, has this function's closure as its
    /// top frame and is suppressed by name (`.ci/tsan.supp`); a race inside `body` is still reported.
    ///
    /// Without ThreadSanitizer the hooks are absent (looked up once, by name) and this is `withLock` and two
    /// checks for nil.
    package borrowing func withLockVisibleToTSan<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLock { (value: inout sending Value) throws(E) -> sending Result in
            let address = withUnsafeMutablePointer(to: &value) { UnsafeMutableRawPointer($0) }
            ThreadSanitizerHooks.acquire?(address)
            defer { ThreadSanitizerHooks.release?(address) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotation functions, when the process runs under it (`--sanitize=thread`), else nil.
private enum ThreadSanitizerHooks {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let acquire = lookUp("__tsan_acquire")
    static let release = lookUp("__tsan_release")

    private static func lookUp(_ name: String) -> Hook? {
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, name).map { unsafeBitCast($0, to: Hook.self) }
    }
}
