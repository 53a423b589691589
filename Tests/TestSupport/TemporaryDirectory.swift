import Foundation

/// Fresh temporary directories for tests that write files.
public enum TemporaryDirectory {
    /// Makes a new, empty directory under the system's temporary folder; the caller
    /// removes it with `remove(_:)`.
    public static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("textlayout-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes `directory` and everything in it; a directory already gone is no error,
    /// since this runs in `defer` after the test's own checks.
    public static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
    }
}
