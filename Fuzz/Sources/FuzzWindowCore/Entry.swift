// The libFuzzer entry points. SwiftPM links an executable with `main` renamed to `<Module>_main`, so that name
// starts libFuzzer's driver (LLVMFuzzerRunDriver) with the one-input callback below.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One input: a whole run on a fresh window (nothing carries over between inputs but caches).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let reader = ByteReader(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    MainActor.assumeIsolated {
        FuzzRun(reader).play()
    }
    return 0
}

@_cdecl("FuzzWindowCore_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, fuzzOneInput)
}
