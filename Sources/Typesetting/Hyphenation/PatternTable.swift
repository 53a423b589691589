internal import CHyphen
import Foundation

/// A libhyphen pattern level (`HyphenDict`) as a transition table, for
/// `HyphenationDictionary.walkPatterns`: for every state and every byte some
/// pattern has, the state libhyphen's walk goes to — its fallback states already
/// followed — beside the state's pattern digits. One lookup a byte, where
/// libhyphen searches a state's transitions, then its fallback's, and so on, each
/// in an allocation of its own. (A packed copy of libhyphen's own structure, 250 KB
/// for en-US against this table's 1.2 MB, walked fallbacks and took longer.)
///
/// Made once per dictionary, from the level as libhyphen loaded it: about
/// `2 × states × (bytes + 3)` bytes (1.2 MB for Debian's en-US, 15,611 states and
/// 37 bytes). Nil for a level of 65,535 states or more, or one whose fallbacks do not
/// lead to shorter patterns (libhyphen never makes one): its words go to libhyphen.
struct PatternTable: Sendable {
    /// No state: the walk skips the byte and starts again from the first state.
    static let nowhere = UInt16.max
    /// The fields of a row before its transitions: the pattern's digit count (its
    /// top bit set for a pattern with a replacement, which gives the word to
    /// libhyphen), then where its digits start in `digits`, low half first.
    private static let header = 3
    /// The top bit of a row's count: the state's pattern has a replacement.
    private static let replaces: UInt16 = 0x8000

    /// The column of each byte in a row, or `UInt8.max` for a byte no pattern has.
    private let columns: [UInt8]
    /// `header` plus one column a byte some pattern has.
    private let stride: Int
    /// A row a state, in breadth-first order from the empty pattern's (row 0): what
    /// the state's pattern does (the header), then the state each byte leads to, or
    /// `nowhere`. A walk reads one row a byte — the state's pattern and its
    /// transitions side by side — and the short patterns' states every word passes
    /// through stand together at the start, so a walk mostly reads memory the
    /// words before it read. (With libhyphen's own numbering and the patterns in an
    /// array of their own, the walk waited on two cache misses a byte.)
    private let rows: [UInt16]
    private let digits: [CChar]

    /// The table of `level` (a level with no further level below it).
    init?(_ level: UnsafeMutablePointer<HyphenDict>) {
        let count = Int(level.pointee.num_states)
        guard count > 0, count < Int(Self.nowhere), let states = level.pointee.states else { return nil }
        func transitions(_ state: Int) -> UnsafeBufferPointer<HyphenTrans> {
            UnsafeBufferPointer(
                start: states[state].trans, count: states[state].trans == nil ? 0 : Int(states[state].num_trans))
        }
        var columns = [UInt8](repeating: .max, count: 256)
        var columnCount = 0
        for state in 0..<count {
            for transition in transitions(state) where columns[Int(UInt8(bitPattern: transition.ch))] == .max {
                guard columnCount < Int(UInt8.max) else { return nil }
                columns[Int(UInt8(bitPattern: transition.ch))] = UInt8(columnCount)
                columnCount += 1
            }
        }
        // States in order of their pattern's length, from the empty one (the order
        // of the rows): a state's fallback (its longest suffix that is a state)
        // comes before it, so its row is made first and the state's starts as a
        // copy of it.
        var order = [0]
        var position = [Int](repeating: -1, count: count)
        position[0] = 0
        var k = 0
        while k < order.count {
            for transition in transitions(order[k]) {
                let target = Int(transition.new_state)
                guard target > 0, target < count else { return nil }
                if position[target] < 0 {
                    position[target] = order.count
                    order.append(target)
                }
            }
            k += 1
        }
        guard order.count == count else { return nil }
        let stride = Self.header + columnCount
        var rows = [UInt16](repeating: Self.nowhere, count: count * stride)
        var digits: [CChar] = []
        for (row, state) in order.enumerated() {
            let base = row * stride
            let fallback = Int(states[state].fallback_state)
            if state != 0, fallback >= 0 {
                guard fallback < count, position[fallback] < row else { return nil }
                let from = position[fallback] * stride + Self.header
                for column in 0..<columnCount { rows[base + Self.header + column] = rows[from + column] }
            }
            // libhyphen takes a state's first transition on a byte.
            for transition in transitions(state).reversed() {
                rows[base + Self.header + Int(columns[Int(UInt8(bitPattern: transition.ch))])] = UInt16(
                    position[Int(transition.new_state)])
            }
            let length = states[state].match.map { strlen($0) } ?? 0
            guard length < Int(Self.replaces), digits.count < Int(UInt32.max) else { return nil }
            rows[base] = UInt16(length) | (states[state].repl != nil ? Self.replaces : 0)
            rows[base + 1] = UInt16(truncatingIfNeeded: digits.count)
            rows[base + 2] = UInt16(truncatingIfNeeded: digits.count >> 16)
            if let match = states[state].match {
                digits.append(contentsOf: UnsafeBufferPointer(start: match, count: length))
            }
        }
        self.columns = columns
        self.stride = stride
        self.rows = rows
        self.digits = digits
    }

    /// libhyphen's values for the word of `length` bytes in `word` (the level's
    /// walk of `"." word "."`, before its minimums), written into `values`
    /// (`length + 2` of them, each "0" to "9"); false when the walk reaches a
    /// pattern with a replacement.
    func walk(_ word: UnsafeBufferPointer<CChar>, length: Int, into values: UnsafeMutableBufferPointer<CChar>) -> Bool {
        values.initialize(repeating: 0x30)  // "0"
        return rows.withUnsafeBufferPointer { rows in
            digits.withUnsafeBufferPointer { digits in
                var row = 0
                for index in 0..<(length + 2) {
                    let byte = index == 0 || index == length + 1 ? 0x2E : UInt8(bitPattern: word[index - 1])  // "."
                    let column = columns[Int(byte)]
                    let target = column == .max ? Self.nowhere : rows[row + Self.header + Int(column)]
                    guard target != Self.nowhere else {
                        row = 0
                        continue
                    }
                    row = Int(target) * stride
                    let header = rows[row]
                    if header & Self.replaces != 0 { return false }
                    // The digits stand under the pattern, which ends at this byte.
                    let count = Int(header)
                    guard count > 0 else { continue }
                    let offset = index + 1 - count
                    let start = Int(rows[row + 1]) | Int(rows[row + 2]) << 16
                    for k in max(-offset, 0)..<count where values[offset + k] < digits[start + k] {
                        values[offset + k] = digits[start + k]
                    }
                }
                return true
            }
        }
    }
}
