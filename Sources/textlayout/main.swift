import Foundation
import TextLayoutCommand

// The process's streams wired to the testable entry point; nothing else lives here.
// Standard output is written in 64 KiB blocks (and whenever the input pauses);
// standard error at once, line by line. Standard input is read a block at a time.
var output = BufferedOutput(fileDescriptor: STDOUT_FILENO)
var errors = BufferedOutput(fileDescriptor: STDERR_FILENO, capacity: 1)
let status = TextLayoutTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    standardInputDescriptor: STDIN_FILENO,
    output: &output, errors: &errors)
let flushed = output.flush()
exit(status == ExitCode.success && !flushed ? ExitCode.failure : status)
