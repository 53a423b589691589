internal import CCairo

/// The one place cairo's status codes become Swift errors.
extension RenderingError {
    /// Throws a `.cairoFailure` error naming `operation` and cairo's own message when
    /// `status` is not `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, _ operation: String, path: String? = nil) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = String(cString: cairo_status_to_string(status))
        throw RenderingError(
            .cairoFailure, "cairo failed to \(operation): \(reason) (status \(status.rawValue))",
            path: path)
    }
}
