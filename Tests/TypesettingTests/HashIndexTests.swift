import Testing

@testable import Typesetting

/// The index of a paragraph's missed words, emptied between paragraphs and kept.
@Suite struct HashIndexTests {
    /// Hashes that collide in their low bits, so probing runs past other entries.
    static func hash(_ n: Int) -> UInt64 { UInt64(n) << 40 | UInt64(n % 3) }

    func find(_ n: Int, in index: HashIndex, entries: [Int]) -> Int? {
        index.find(Self.hash(n)) { entries[$0] == n }
    }

    @Test func emptiedItFindsNothingAndNumbersFromZeroAgain() {
        for size in [10, 5_000] {  // under and over the room kept
            var index = HashIndex()
            var entries: [Int] = []
            for n in 0..<size {
                #expect(index.insert(Self.hash(n)) == n)
                entries.append(n)
            }
            #expect((0..<size).allSatisfy { find($0, in: index, entries: entries) == $0 })
            index.removeAll()
            #expect(index.count == 0)
            #expect(find(1, in: index, entries: entries) == nil)
            entries = [7, 8, 9]
            for n in entries { _ = index.insert(Self.hash(n)) }
            #expect(index.count == 3)
            #expect(find(8, in: index, entries: entries) == 1)
            #expect(find(1, in: index, entries: entries) == nil)
        }
    }
}
