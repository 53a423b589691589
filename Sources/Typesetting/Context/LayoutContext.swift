/// The one owner of what layout keeps between calls: the faces loaded (with their
/// variable and synthesized instances), their glyph outlines and word-splitting
/// verdicts, the cache of shaped words and the pool of ICU line-break iterators —
/// each bounded by `limits`.
///
/// ```swift
/// let context = LayoutContext(limits: .init(shapeCacheBytes: 8 << 20, outlineCacheBytes: 4 << 20, faces: 64))
/// let font = try Font(path: "DejaVuSans.ttf", size: 16, context: context)
/// let typesetter = Typesetter(fonts: FontCascade(primary: font), context: context)
/// let frame = try typesetter.frame(for: "Hello, world", width: 120)
/// print(frame.lines.count, context.statistics.shapeCacheBytes)
/// ```
///
/// Everything that takes a context (`FontFace.load`, `Font(path:size:context:)`,
/// `Typesetter`, the layout managers, `TextView`) uses `shared` unless given one: a
/// program that never names a context has one process-wide set of caches, bounded
/// by `Limits()`. A server that wants its tenants apart, or its memory bounded
/// tighter, gives each its own; freeing a context frees its caches, and the faces
/// no font still holds.
///
/// A context is `Sendable`: each of its caches is behind the package's one `Lock`
/// type, so typesetters on many threads share it. Cache keys are sound by
/// construction: shaped words and outlines are keyed by `FontFace.identity`, a
/// number no other face of the process ever gets, so a face freed or dropped by its
/// context can never have its entries taken for another face's. What is dropped to
/// stay within the limits is counted in `statistics`.
public final class LayoutContext: Sendable {
    /// The context used wherever none is given.
    public static let shared = LayoutContext()

    /// The bounds this context keeps its caches within.
    public let limits: Limits
    /// The shaped words, by face, script, direction, language and features.
    public let shapeCache: ShapeCache
    /// The faces, their instances and their outlines.
    let faces: FaceStore
    /// ICU line-break iterators kept for reuse, per locale.
    let lineBreakIterators: LineBreakIteratorPool
    /// Caches of the modules above this one, one per type (the PNG canvases'
    /// glyph masks), made on first use and freed with the context.
    private let attachments = Lock<[ObjectIdentifier: any Sendable]>([:])

    /// A context whose caches stay within `limits`.
    public init(limits: Limits = Limits()) {
        self.limits = limits
        shapeCache = ShapeCache(capacity: limits.shapeCacheWords, byteLimit: limits.shapeCacheBytes)
        faces = FaceStore(faceLimit: limits.faces, outlineByteLimit: limits.outlineCacheBytes)
        lineBreakIterators = LineBreakIteratorPool(limit: limits.lineBreakIterators)
    }

    deinit {
        // Each face holds its store: emptying it frees the faces no font holds.
        faces.removeAll()
    }

    /// What the caches hold now and what they have dropped so far.
    public var statistics: Statistics {
        let counts = faces.counts
        return Statistics(
            faces: counts.faces, faceEvictions: counts.faceEvictions, outlines: counts.outlines,
            outlineBytes: counts.outlineBytes, outlineEvictions: counts.outlineEvictions,
            shapedWords: shapeCache.count, shapeCacheBytes: shapeCache.byteCount,
            shapeCacheEvictions: shapeCache.evictions, lineBreakIterators: lineBreakIterators.idleCount)
    }

    /// The cache of type `Value` this context keeps for a module above the
    /// typesetter, made by `make` the first time it is asked for.
    package func attachment<Value: Sendable>(_ type: Value.Type, make: () -> Value) -> Value {
        attachments.withLock { attachments in
            if let kept = attachments[ObjectIdentifier(type)] as? Value { return kept }
            let made = make()
            attachments[ObjectIdentifier(type)] = made
            return made
        }
    }

    /// Forgets every cached word, outline and face (faces a font still holds live
    /// on, and are loaded anew, as new faces, when asked for again).
    public func removeAll() {
        shapeCache.removeAll()
        faces.removeAll()
    }
}
