import Foundation
import TextLayoutCommand

// The process's streams wired to the testable entry point; nothing else lives here.
// Standard output is written in 64 KiB blocks; standard error at once, line by line.
var output = BufferedOutput(fileDescriptor: STDOUT_FILENO)
var errors = BufferedOutput(fileDescriptor: STDERR_FILENO, capacity: 1)
let status = TextLayoutTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    standardInput: { FileHandle.standardInput.readDataToEndOfFile() },
    output: &output, errors: &errors)
let flushed = output.flush()
exit(status == ExitCode.success && !flushed ? ExitCode.failure : status)
