import Foundation

/// libFuzzer's driver: parses libFuzzer's flags from `argc`/`argv` and calls
/// `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer from a target's `main.swift`.
///
/// SwiftPM links every executable with its own `main` (the module's top-level code),
/// so libFuzzer's `main` is never used; each target calls this instead, with its
/// test function, which keeps libFuzzer's command line (`-max_total_time=60`,
/// corpus directories, a crash file to replay) as it is.
public enum FuzzDriver {
    /// Runs libFuzzer over `callback` and exits with its status.
    public static func run(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(runFuzzerDriver(&argc, &argv, callback))
    }
}
