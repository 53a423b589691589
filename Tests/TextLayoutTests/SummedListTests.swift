import TestSupport
import Testing

@testable import TextLayout

/// The prefix-summed list behind paragraphs and fragment heights: random edits
/// checked against a plain array, and lookups that stay logarithmic.
@Suite struct SummedListTests {
    @Test(arguments: [1, 4, 256])
    func randomEditsMatchAPlainArray(blockSize: Int) {
        var random = SeededGenerator(seed: UInt64(blockSize))
        let list = SummedList<Int, Int>(blockSize: blockSize)
        var model: [(Int, Int)] = []
        for step in 0..<2_000 {
            let lower = model.isEmpty ? 0 : Int.random(in: 0...model.count, using: &random)
            let upper = min(model.count, lower + Int.random(in: 0...3, using: &random))
            let inserted = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (step, Int.random(in: 0...9, using: &random))
            }
            list.replaceSubrange(lower..<upper, with: inserted)
            model.replaceSubrange(lower..<upper, with: inserted)
            if step % 7 == 0, !model.isEmpty {
                let i = Int.random(in: 0..<model.count, using: &random)
                let m = Int.random(in: 0...9, using: &random)
                list.setMeasure(m, at: i)
                model[i].1 = m
            }
            #expect(list.count == model.count)
            #expect(list.total == model.reduce(0) { $0 + $1.1 })
            guard !model.isEmpty else { continue }
            let i = Int.random(in: 0..<model.count, using: &random)
            #expect(list[i] == model[i].0)
            #expect(list.prefix(upTo: i) == model[..<i].reduce(0) { $0 + $1.1 })
            let position = Int.random(in: 0..<max(list.total, 1), using: &random)
            let found = list.index(containing: position)!
            var start = 0
            var expected = model.count - 1
            for (k, entry) in model.enumerated() {
                if position < start + entry.1 {
                    expected = k
                    break
                }
                start += entry.1
            }
            if list.total > 0 {
                #expect(found.index == expected, "position \(position) at step \(step)")
                #expect(found.start == list.prefix(upTo: found.index))
            }
        }
        #expect(list.elements == model.map(\.0))
    }

    @Test func lookupsAreLogarithmic() {
        let list = SummedList<Int, Double>()
        list.replaceSubrange(0..<0, with: (0..<100_000).map { ($0, Double($0 % 7 + 1)) })
        _ = list.total
        let before = list.probes
        for k in 0..<1_000 { _ = list.index(containing: Double(k * 397)) }
        let perLookup = Double(list.probes - before) / 1_000
        #expect(perLookup <= 2 * 17 + 2, "\(perLookup) probes per lookup for 100,000 elements")
    }
}
