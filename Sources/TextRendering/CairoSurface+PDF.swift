internal import CCairo
import Foundation

/// PDF documents: cairo writes each page as it is finished, and the fonts (subset)
/// when the document is.
extension CairoSurface {
    /// A PDF document whose first page is `size` points, written to `output`.
    ///
    /// - Throws: `RenderingError` when cairo cannot make it.
    convenience init(pdfPageSize size: CGSize, output: PDFOutput) throws {
        let surface = cairo_pdf_surface_create_for_stream(
            { closure, bytes, length in
                let output = Unmanaged<PDFOutput>.fromOpaque(closure!).takeUnretainedValue()
                guard let bytes else { return CAIRO_STATUS_SUCCESS }
                return output.write(bytes, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
            }, Unmanaged.passUnretained(output).toOpaque(), Double(size.width), Double(size.height))!
        try self.init(owning: surface, operation: "create a PDF document", sink: output)
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
        // No creation date: the same drawing gives the same bytes, so a re-run
        // batch can be compared and cached.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
    }

    /// Sets the size of the pages that follow (call before drawing on one).
    func setPDFPageSize(_ size: CGSize) {
        cairo_pdf_surface_set_size(surface, Double(size.width), Double(size.height))
    }

    /// Writes what is left (the last page, the fonts) and closes the document;
    /// nothing can be drawn after.
    ///
    /// - Throws: `RenderingError` when cairo failed at any point.
    func finish() throws {
        cairo_surface_finish(surface)
        try RenderingError.check(cairo_surface_status(surface), "write the PDF document")
    }
}
