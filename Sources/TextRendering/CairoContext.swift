internal import CCairo
import Foundation
import Typesetting

/// A cairo drawing context on an image or PDF surface; this object owns the `cairo_t`
/// (and keeps the surface alive through its own owner).
///
/// Drawing calls do not throw: cairo keeps the first error in the context, and
/// `checkStatus()` reports it.
final class CairoContext {
    /// The surface drawn on.
    let target: CairoSurface
    /// The `cairo_t`, owned.
    let context: OpaquePointer

    /// A context drawing on `target` with user space scaled by `scale` (device
    /// pixels per point).
    ///
    /// - Throws: `RenderingError` when cairo cannot make the context.
    init(target: CairoSurface, scale: CGFloat) throws {
        self.target = target
        self.context = cairo_create(target.surface)
        try RenderingError.check(cairo_status(context), "create a drawing context")
        cairo_scale(context, Double(scale), Double(scale))
        cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }

    deinit { cairo_destroy(context) }

    /// Ends the page: a PDF surface writes it and starts the next one.
    func showPage() {
        cairo_show_page(context)
    }

    /// Reports the first error cairo met while drawing, if any.
    func checkStatus() throws {
        try RenderingError.check(cairo_status(context), "draw")
    }

    /// Adds an outline in font units (y up) to the current path, its origin at
    /// `origin` (points, y down) and scaled by `scale` points per unit.
    func addGlyphPath(_ path: GlyphPath, at origin: CGPoint, scale: CGFloat) {
        func point(_ p: CGPoint) -> (Double, Double) {
            (Double(origin.x + p.x * scale), Double(origin.y - p.y * scale))
        }
        var current = (0.0, 0.0)
        for element in path.elements {
            switch element {
            case .move(let p):
                current = point(p)
                cairo_move_to(context, current.0, current.1)
            case .line(let p):
                current = point(p)
                cairo_line_to(context, current.0, current.1)
            case .quad(let c, let p):
                // cairo has cubics only: the quadratic's control point at 2/3 from each end.
                let control = point(c)
                let end = point(p)
                cairo_curve_to(
                    context,
                    current.0 + 2 / 3 * (control.0 - current.0), current.1 + 2 / 3 * (control.1 - current.1),
                    end.0 + 2 / 3 * (control.0 - end.0), end.1 + 2 / 3 * (control.1 - end.1),
                    end.0, end.1)
                current = end
            case .cubic(let c1, let c2, let p):
                let (a, b, end) = (point(c1), point(c2), point(p))
                cairo_curve_to(context, a.0, a.1, b.0, b.1, end.0, end.1)
                current = end
            case .close:
                cairo_close_path(context)
            }
        }
    }

    /// Adds a rectangle, with corners rounded by `radius` when it is positive.
    func addRectangle(_ rect: CGRect, cornerRadius radius: CGFloat) {
        let (x, y, w, h, r) = (
            Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height),
            Double(radius)
        )
        guard r > 0 else {
            cairo_rectangle(context, x, y, w, h)
            return
        }
        cairo_new_sub_path(context)
        cairo_arc(context, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// Fills a rectangle, with rounded corners when `cornerRadius` > 0 (clamped to
    /// half the shorter side); an empty rectangle draws nothing.
    func fill(_ rect: CGRect, cornerRadius: CGFloat, color: Color) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return }
        addRectangle(rect, cornerRadius: min(max(cornerRadius, 0), rect.width / 2, rect.height / 2))
        fillPath(with: color)
    }

    /// Strokes a rectangle's outline, `lineWidth` points wide and centred on its
    /// edge, rounded as `fill` rounds.
    func stroke(_ rect: CGRect, cornerRadius: CGFloat, lineWidth: CGFloat, color: Color) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, lineWidth > 0 else { return }
        addRectangle(rect, cornerRadius: min(max(cornerRadius, 0), rect.width / 2, rect.height / 2))
        strokePath(with: color, lineWidth: lineWidth)
    }

    /// Fills the current path with `color` (sRGB components as given) and clears it.
    func fillPath(with color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_fill(context)
    }

    /// Strokes the current path with `color`, `lineWidth` points wide, and clears it.
    func strokePath(with color: Color, lineWidth: CGFloat) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(context, Double(lineWidth))
        cairo_stroke(context)
    }

    /// Paints `image` stretched over `rect` (points), smoothly filtered.
    func paint(_ image: CairoSurface, in rect: CGRect) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        cairo_save(context)
        cairo_translate(context, Double(rect.minX), Double(rect.minY))
        cairo_scale(context, Double(rect.width) / Double(image.width), Double(rect.height) / Double(image.height))
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }
}
