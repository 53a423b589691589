import Foundation
import Testing

/// Golden files: whole outputs kept in the repository and compared byte for byte.
///
/// To re-record the goldens after an intended change of output, run the tests with
/// `RECORD_GOLDENS=1`, e.g. `RECORD_GOLDENS=1 swift test --filter TextRenderingTests`,
/// then review the diff of the golden files before committing them.
public enum Golden {
    /// The environment variable that turns comparing into recording.
    public static let recordVariable = "RECORD_GOLDENS"

    /// Whether this run records goldens rather than compares with them.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// Compares `actual` with the golden file at `url`, or writes it there when
    /// recording.
    ///
    /// - Throws: when the golden cannot be read or written.
    public static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        if isRecording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected,
            "differs from \(url.lastPathComponent); re-record with \(recordVariable)=1 if intended",
            sourceLocation: sourceLocation)
    }
}
