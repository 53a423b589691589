internal import CICU

/// The one place where ICU status codes become Swift errors.
///
/// ICU's convention: a status greater than zero is a failure, zero is success and a
/// negative value is a warning (which is not an error).
enum ICUStatus {
    /// Throws when `status` is an ICU failure code.
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws {
        if status > 0 {
            throw TypesettingError(
                .unicodeAnalysisFailed, "ICU failed in \(operation()) (status \(status))")
        }
    }

    /// The linked ICU's version, such as "72.1".
    static var version: String { String(cString: cicu_version()) }
}
