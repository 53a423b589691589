import Typesetting

/// A list whose elements each carry a measure (a length, a height), with prefix sums
/// kept so that "where does element i start?" and "which element holds position p?"
/// cost O(log n), and an edit costs O(√n) rather than O(n).
///
/// Elements live in blocks of about `blockSize`; each block keeps the prefix sums of
/// its own measures, and the list keeps the sums before each block, recomputed
/// lazily from the first block that changed.
final class SummedList<Element, Measure: AdditiveArithmetic & Comparable> {
    private struct Block {
        var elements: [Element] = []
        var measures: [Measure] = []
        /// `prefix[k]` is the sum of `measures[0..<k]`.
        var prefix: [Measure] = [.zero]

        init(elements: ArraySlice<Element> = [], measures: ArraySlice<Measure> = []) {
            self.elements = Array(elements)
            self.measures = Array(measures)
            rebuildPrefix()
        }

        /// Recomputes the prefix sums after element `start` (those up to it are
        /// kept): O(elements after it), so appending to a block costs what it appends.
        mutating func rebuildPrefix(from start: Int = 0) {
            prefix.removeSubrange((start + 1)...)
            prefix.reserveCapacity(measures.count + 1)
            var sum = prefix[start]
            for measure in measures[start...] {
                sum += measure
                prefix.append(sum)
            }
        }

        var total: Measure { prefix[prefix.count - 1] }
    }

    private let blockSize: Int
    private var blocks: [Block] = [Block()]
    /// `starts[b]`: index of block b's first element; `sums[b]`: measures before it.
    /// Entries `0...valid` are up to date.
    private var starts: [Int] = [0, 0]
    private var sums: [Measure] = [.zero, .zero]
    private var valid = 1
    /// Binary-search probes made by lookups, for complexity tests.
    private(set) var probes = 0

    /// The number of elements.
    private(set) var count = 0

    /// An empty list with blocks of about `blockSize` elements.
    init(blockSize: Int = 256) {
        self.blockSize = blockSize
    }

    /// The sum of every measure.
    var total: Measure {
        refresh()
        return sums[blocks.count]
    }

    /// Every element, in order.
    var elements: [Element] { blocks.flatMap(\.elements) }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        get {
            let (b, k) = locate(index)
            return blocks[b].elements[k]
        }
        set {
            let (b, k) = locate(index)
            blocks[b].elements[k] = newValue
        }
    }

    /// The measure of the element at `index`.
    func measure(at index: Int) -> Measure {
        let (b, k) = locate(index)
        return blocks[b].measures[k]
    }

    /// Changes the measure of the element at `index`.
    func setMeasure(_ measure: Measure, at index: Int) {
        let (b, k) = locate(index)
        guard blocks[b].measures[k] != measure else { return }
        blocks[b].measures[k] = measure
        blocks[b].rebuildPrefix(from: k)
        valid = min(valid, b)
    }

    /// The sum of the measures of the elements before `index` (`total` at the end).
    func prefix(upTo index: Int) -> Measure {
        if index >= count { return total }
        let (b, k) = locate(index)
        return sums[b] + blocks[b].prefix[k]
    }

    /// The element holding `position` — the `i` with `prefix(upTo: i) <= position <
    /// prefix(upTo: i + 1)` — and where it starts. Past the end gives the last element,
    /// before the start the first; nil when the list is empty.
    func index(containing position: Measure) -> (index: Int, start: Measure)? {
        guard count > 0 else { return nil }
        refresh()
        let b = max(sums[0..<blocks.count].partitionPoint { $0 > position } - 1, 0)
        let block = blocks[b]
        let local = position - sums[b]
        let k = min(max(block.prefix[1...].partitionPoint { $0 > local } - 1, 0), block.measures.count - 1)
        probes += Self.log2(blocks.count) + Self.log2(block.measures.count)
        return (starts[b] + k, sums[b] + block.prefix[k])
    }

    /// Appends an element.
    func append(_ element: Element, measure: Measure) {
        replaceSubrange(count..<count, with: [(element, measure)])
    }

    /// Appends `count` elements, the `i`th with its measure made by `element(i)`:
    /// the last block filled up, then full new blocks, each element made where it
    /// stays. For appending a document's paragraphs at once, which
    /// `replaceSubrange(_:with:)` would copy four times.
    @inline(__always)  // so that `element` is inlined into the loop: it runs once per paragraph
    func append(count added: Int, _ element: (Int) -> (Element, Measure)) {
        let last = blocks.count - 1
        // Filled outside the list (a local block is exclusively this function's, so
        // appending to it needs no access checks), then put back.
        var block = blocks.removeLast()
        var made = 0
        while true {
            let filled = block.elements.count
            let end = min(made + max(blockSize - filled, 0), added)
            block.elements.reserveCapacity(filled + end - made)
            block.measures.reserveCapacity(filled + end - made)
            for index in made..<end {
                let (value, measure) = element(index)
                block.elements.append(value)
                block.measures.append(measure)
            }
            block.rebuildPrefix(from: filled)
            made = end
            guard made < added else { break }
            blocks.append(block)
            block = Block()
        }
        blocks.append(block)
        count += added
        valid = min(valid, last)
    }

    /// Replaces the elements in `range` with `replacement`.
    func replaceSubrange(_ range: Range<Int>, with replacement: [(Element, Measure)]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the list")
        let (b, k) =
            range.lowerBound == count
            ? (blocks.count - 1, blocks[blocks.count - 1].elements.count) : locate(range.lowerBound)
        // Remove across as many blocks as the range spans, then insert into block b.
        var remaining = range.count
        var cursor = (block: b, offset: k)
        while remaining > 0 {
            let n = min(blocks[cursor.block].elements.count - cursor.offset, remaining)
            blocks[cursor.block].elements.removeSubrange(cursor.offset..<(cursor.offset + n))
            blocks[cursor.block].measures.removeSubrange(cursor.offset..<(cursor.offset + n))
            if cursor.block != b { blocks[cursor.block].rebuildPrefix() }
            remaining -= n
            cursor = (cursor.block + 1, 0)
        }
        blocks[b].elements.insert(contentsOf: replacement.map(\.0), at: k)
        blocks[b].measures.insert(contentsOf: replacement.map(\.1), at: k)
        blocks[b].rebuildPrefix(from: k)  // nothing before k changed
        count += replacement.count - range.count
        if blocks[b].elements.count > 2 * blockSize {
            let block = blocks[b]
            let pieces = stride(from: 0, to: block.elements.count, by: blockSize).map { start in
                let end = min(start + blockSize, block.elements.count)
                return Block(elements: block.elements[start..<end], measures: block.measures[start..<end])
            }
            blocks.replaceSubrange(b...b, with: pieces)
        }
        if !range.isEmpty {  // only a removal can empty a block
            blocks.removeAll { $0.elements.isEmpty }
            if blocks.isEmpty { blocks.append(Block()) }
        }
        valid = min(valid, b)
    }

    /// Brings the per-block starts and sums up to date.
    private func refresh() {
        let n = blocks.count
        if starts.count != n + 1 {
            starts.removeLast(max(starts.count - (n + 1), 0))
            sums.removeLast(max(sums.count - (n + 1), 0))
            while starts.count < n + 1 {
                starts.append(0)
                sums.append(.zero)
            }
            valid = min(valid, n)
        }
        guard valid < n else { return }
        for i in max(valid, 0)..<n {
            starts[i + 1] = starts[i] + blocks[i].elements.count
            sums[i + 1] = sums[i] + blocks[i].total
        }
        valid = n
    }

    /// The block and offset in it of element `index`.
    private func locate(_ index: Int) -> (block: Int, offset: Int) {
        precondition(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
        refresh()
        let b = starts[0..<blocks.count].partitionPoint { $0 > index } - 1
        probes += Self.log2(blocks.count)
        return (b, index - starts[b])
    }

    private static func log2(_ n: Int) -> Int { n <= 1 ? 1 : Int.bitWidth - (n - 1).leadingZeroBitCount }
}
