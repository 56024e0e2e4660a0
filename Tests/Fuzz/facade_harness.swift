// libFuzzer entry point for the Swift facade; built by Tests/Fuzz/run.sh in one module with
// the FingerprintDiff sources and FacadeFuzzCheck.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFacade(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = FacadeFuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("facade invariant broken: \(failure)")
    }
    return 0
}
