import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawnp` and reaped with `waitpid`: how the
/// whole-process rows run their commands.
///
/// Foundation's `Process` is not used for them: on this toolchain it adds about
/// 50 ms to every child that does not exit at once (`sleep 0.001` took 52.7 ms
/// through it and 4.0 ms through `posix_spawn`, median of 9), and the rows counted
/// that as the program's own time.
enum Spawn {
    /// Runs `arguments` (the program first, found on `PATH` when not a path) with
    /// `environment`, standard input from /dev/null, standard output to the file
    /// `standardOutput` (or /dev/null) and standard error to the file
    /// `standardError`, both created afresh, and waits for it to end.
    ///
    /// - Returns: the exit status, or 128 plus the signal that ended the child.
    /// - Throws: `HarnessError` when the child cannot be started.
    static func run(
        _ arguments: [String], environment: [String: String], standardOutput: String?, standardError: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let created = O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? "/dev/null", created, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, created, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard started == 0 else {
            throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw HarnessError("waiting for \(arguments[0]): \(String(cString: strerror(errno)))")
            }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
