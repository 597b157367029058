import GatehouseFuzzing

// The one entry point of every fuzz executable: each Fuzz/Targets/fuzz-<name>/FuzzEntry.swift is a link to this
// file (SwiftPM needs one executable target per fuzzer; the code need not be repeated), and the target is chosen by
// the executable's name (`FuzzTarget.current`).

// libFuzzer's entry point when built with -sanitize=fuzzer (make fuzz defines FUZZING); libFuzzer provides main.
#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        FuzzTarget.current.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
#else
    /// In a normal build: replays the files named on the command line.
    @main
    enum FuzzEntry {
        static func main() { FuzzReplay.main(FuzzTarget.current) }
    }
#endif
