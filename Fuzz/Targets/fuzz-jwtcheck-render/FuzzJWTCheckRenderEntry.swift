import GatehouseFuzzing

// libFuzzer's entry point when built with -sanitize=fuzzer (make fuzz defines FUZZING); libFuzzer provides main.
#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        FuzzTarget.jwtcheckRender.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
#else
    /// In a normal build: replays the files named on the command line.
    @main
    enum FuzzJWTCheckRenderEntry {
        static func main() { FuzzReplay.main(.jwtcheckRender) }
    }
#endif
