internal import CHarfBuzz
import Foundation

/// Synthesized bold: advances grown at shaping, outlines grown at drawing, by the
/// same `FontFace.emboldening`.
extension FontFace {
    /// `path` emboldened by `strength` font units: each contour pushed out by half
    /// of it along the outward normal at each point, then moved right and up by
    /// half, as FreeType's `FT_Outline_EmboldenXY` does. Control points move with
    /// their neighbours as on-curve points do, so curves stay curves.
    static func emboldened(_ path: GlyphPath, by strength: CGFloat) -> GlyphPath {
        let contours = Contour.split(path)
        // The sign of the total area says which way the outer contours turn: TrueType
        // outlines run clockwise (negative area, y up), CFF ones counter-clockwise.
        let clockwise = contours.reduce(0) { $0 + $1.signedArea } < 0
        var elements: [GlyphPath.Element] = []
        elements.reserveCapacity(path.elements.count)
        for contour in contours {
            let moved = contour.offsetPoints(by: strength / 2, clockwise: clockwise)
            elements.append(
                contentsOf: contour.rebuilt(with: moved.map { CGPoint(x: $0.x + strength / 2, y: $0.y + strength / 2) })
            )
        }
        return GlyphPath(elements: elements)
    }
}

/// One closed contour of a path: its steps and every point they name, in order.
private struct Contour {
    var elements: [GlyphPath.Element]
    var points: [CGPoint]

    /// The contours of `path`, each from a `move` to its `close`.
    static func split(_ path: GlyphPath) -> [Contour] {
        var contours: [Contour] = []
        var current = Contour(elements: [], points: [])
        for element in path.elements {
            switch element {
            case .move(let p):
                if !current.elements.isEmpty { contours.append(current) }
                current = Contour(elements: [element], points: [p])
            case .line(let p): current.append(element, [p])
            case .quad(let c, let p): current.append(element, [c, p])
            case .cubic(let c1, let c2, let p): current.append(element, [c1, c2, p])
            case .close: current.elements.append(element)
            }
        }
        if !current.elements.isEmpty { contours.append(current) }
        return contours
    }

    private mutating func append(_ element: GlyphPath.Element, _ more: [CGPoint]) {
        elements.append(element)
        points.append(contentsOf: more)
    }

    /// Twice the signed area of the polygon through the points (positive when it
    /// turns counter-clockwise, y up).
    var signedArea: CGFloat {
        guard points.count > 2 else { return 0 }
        var area: CGFloat = 0
        for i in points.indices {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area
    }

    /// Each point moved outward by `distance`: along the bisector of its two
    /// edges' outward normals, far enough that both edges move by `distance`, but
    /// never further than the shorter edge is long (a sharp spike stays a spike, not
    /// a spear), and not at all at a turn sharper than about 160°.
    func offsetPoints(by distance: CGFloat, clockwise: Bool) -> [CGPoint] {
        let n = points.count
        // A contour that ends where it starts names its first point twice.
        let count = n > 1 && points[n - 1] == points[0] ? n - 1 : n
        guard count > 2 else { return points }
        func neighbour(_ i: Int, step: Int) -> (direction: CGPoint, length: CGFloat)? {
            var j = i
            for _ in 0..<count {
                j = (j + step + count) % count
                let dx = points[j].x - points[i].x
                let dy = points[j].y - points[i].y
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 0 { return (CGPoint(x: dx / length, y: dy / length), length) }
            }
            return nil
        }
        var moved = points
        for i in 0..<count {
            guard let back = neighbour(i, step: -1), let ahead = neighbour(i, step: 1) else { continue }
            // Unit directions of the edge coming in and the edge going out.
            let incoming = CGPoint(x: -back.direction.x, y: -back.direction.y)
            let outgoing = ahead.direction
            // Outward normals: left of travel for clockwise contours (y up), right otherwise.
            func normal(_ d: CGPoint) -> CGPoint { clockwise ? CGPoint(x: -d.y, y: d.x) : CGPoint(x: d.y, y: -d.x) }
            let a = normal(incoming)
            let b = normal(outgoing)
            let cosine = a.x * b.x + a.y * b.y
            guard cosine > -0.9375 else { continue }
            // |a + b| / (1 + cos) = 1 / cos(θ/2): the miter that moves both edges by `distance`.
            var scale = distance / (1 + cosine)
            let miter = CGPoint(x: (a.x + b.x) * scale, y: (a.y + b.y) * scale)
            let reach = (miter.x * miter.x + miter.y * miter.y).squareRoot()
            let limit = max(distance, min(back.length, ahead.length))
            if reach > limit { scale *= limit / reach }
            moved[i] = CGPoint(x: points[i].x + (a.x + b.x) * scale, y: points[i].y + (a.y + b.y) * scale)
        }
        if count < n { moved[n - 1] = moved[0] }
        return moved
    }

    /// The contour's steps with their points replaced, in order, by `points`.
    func rebuilt(with points: [CGPoint]) -> [GlyphPath.Element] {
        var next = 0
        func take() -> CGPoint {
            defer { next += 1 }
            return points[next]
        }
        return elements.map { element in
            switch element {
            case .move: return .move(take())
            case .line: return .line(take())
            case .quad: return .quad(take(), take())
            case .cubic: return .cubic(take(), take(), take())
            case .close: return .close
            }
        }
    }
}
