internal import CHyphen
import Foundation

/// A libhyphen pattern level (`HyphenDict`) as a transition table, for
/// `HyphenationDictionary.walkPatterns`: for every state and every byte some
/// pattern has, the state libhyphen's walk goes to — its fallback states already
/// followed — and each state's pattern digits side by side. One lookup a byte, where
/// libhyphen searches a state's transitions, then its fallback's, and so on, each
/// in an allocation of its own. (A packed copy of libhyphen's own structure, 250 KB
/// for en-US against this table's 1.2 MB, walked fallbacks and took longer.)
///
/// Made once per dictionary, from the level as libhyphen loaded it: about
/// `2 × states × bytes` bytes (1.2 MB for Debian's en-US, 15,611 states and 37
/// bytes). Nil for a level of 65,535 states or more, or one whose fallbacks do not
/// lead to shorter patterns (libhyphen never makes one): its words go to libhyphen.
struct PatternTable: Sendable {
    /// What the walk does at a state it reaches: raise the values under the
    /// state's pattern digits, or give the word to libhyphen (a pattern with a
    /// replacement: a non-standard point).
    struct Match {
        /// Where the digits start in `digits`.
        var start: UInt32 = 0
        var count: UInt16 = 0
        var replaces = false
    }

    /// No state: the walk skips the byte and starts again from the first state.
    static let nowhere = UInt16.max

    /// The column of each byte in `next`, or `UInt8.max` for a byte no pattern has.
    private let columns: [UInt8]
    private let columnCount: Int
    /// Row by state, column by byte: the state the byte leads to, or `nowhere`.
    private let next: [UInt16]
    private let matches: [Match]
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
        // States in order of their pattern's length, from the empty one: a state's
        // fallback (its longest suffix that is a state) comes before it, so its row
        // is made first and the state's starts as a copy of it.
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
        var next = [UInt16](repeating: Self.nowhere, count: count * columnCount)
        for state in order {
            let row = state * columnCount
            let fallback = Int(states[state].fallback_state)
            if state != 0, fallback >= 0 {
                guard fallback < count, position[fallback] < position[state] else { return nil }
                for column in 0..<columnCount { next[row + column] = next[fallback * columnCount + column] }
            }
            // libhyphen takes a state's first transition on a byte.
            for transition in transitions(state).reversed() {
                next[row + Int(columns[Int(UInt8(bitPattern: transition.ch))])] = UInt16(transition.new_state)
            }
        }
        var matches = [Match](repeating: Match(), count: count)
        var digits: [CChar] = []
        for state in 0..<count {
            matches[state].replaces = states[state].repl != nil
            guard let match = states[state].match else { continue }
            let length = strlen(match)
            guard length < Int(UInt16.max) else { return nil }
            matches[state].start = UInt32(digits.count)
            matches[state].count = UInt16(length)
            digits.append(contentsOf: UnsafeBufferPointer(start: match, count: length))
        }
        self.columns = columns
        self.columnCount = columnCount
        self.next = next
        self.matches = matches
        self.digits = digits
    }

    /// libhyphen's values for the word of `length` bytes in `word` (the level's
    /// walk of `"." word "."`, before its minimums), written into `values`
    /// (`length + 2` of them, each "0" to "9"); false when the walk reaches a
    /// pattern with a replacement.
    func walk(_ word: UnsafeBufferPointer<CChar>, length: Int, into values: UnsafeMutableBufferPointer<CChar>) -> Bool {
        values.initialize(repeating: 0x30)  // "0"
        return next.withUnsafeBufferPointer { next in
            matches.withUnsafeBufferPointer { matches in
                digits.withUnsafeBufferPointer { digits in
                    var state = 0
                    for index in 0..<(length + 2) {
                        let byte = index == 0 || index == length + 1 ? 0x2E : UInt8(bitPattern: word[index - 1])  // "."
                        let column = columns[Int(byte)]
                        let target = column == .max ? Self.nowhere : next[state * columnCount + Int(column)]
                        guard target != Self.nowhere else {
                            state = 0
                            continue
                        }
                        state = Int(target)
                        let match = matches[state]
                        if match.replaces { return false }
                        // The digits stand under the pattern, which ends at this byte.
                        let count = Int(match.count)
                        let offset = index + 1 - count
                        let start = Int(match.start)
                        for k in max(-offset, 0)..<count where values[offset + k] < digits[start + k] {
                            values[offset + k] = digits[start + k]
                        }
                    }
                    return true
                }
            }
        }
    }
}
