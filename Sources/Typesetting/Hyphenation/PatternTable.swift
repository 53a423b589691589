internal import CHyphen
import Foundation

/// The pattern level of a libhyphen dictionary (`HyphenDict`) as a transition
/// table, walked by `HyphenationDictionary.walkPatterns` in place of libhyphen for
/// most words.
///
/// libhyphen loads a dictionary as two levels: the first splits compounds, the
/// second hyphenates their parts. A file without `NEXTLEVEL` (Debian's) gets
/// libhyphen's own first level, which splits only at hyphens, dashes and
/// apostrophes. For a word with none of the first level's characters, libhyphen
/// walks the first level for nothing, walks the second over the whole word, and
/// applies the minimums — with nineteen allocations a word. This is that second
/// walk alone, with the same finite-state machine: `"." word "."`, each byte
/// followed from the state before (through fallback states; one no state takes is
/// skipped and the walk starts again), each state's pattern digits raising the
/// values they cover, then the minimums, an odd value a point.
///
/// The table holds, for every state and every byte some pattern has, the state
/// libhyphen's walk goes to — its fallback states already followed — beside the
/// state's pattern digits. One lookup a byte, where libhyphen searches a state's
/// transitions, then its fallback's, and so on, each in an allocation of its own.
/// (A packed copy of libhyphen's own structure, 250 KB for en-US against this
/// table's 1.2 MB, walked fallbacks and took longer.)
///
/// Made once per dictionary, from the levels as libhyphen loaded them: about
/// `2 × states × (bytes + 3)` bytes (1.2 MB for Debian's en-US, 15,611 states and
/// 37 bytes). Nil when the levels are not the two libhyphen makes, for a level of
/// 65,535 states or more, or one whose fallbacks do not lead to shorter patterns
/// (libhyphen never makes one): every word goes to libhyphen.
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
    /// array of their own, a byte read two places, and a cold layout's hyphenation
    /// look-ups missed a simulated 2 MB cache 16% more often.)
    private let rows: [UInt16]
    private let digits: [CChar]
    /// The bytes that leave a word to libhyphen (see `excludedBytes(of:)`).
    private let excluded: ByteSet
    /// The first level's minimums before and after a point.
    private let leftMinimum: Int
    private let rightMinimum: Int

    /// The table of `dictionary`'s pattern level, nil when its words must go to
    /// libhyphen.
    init?(dictionary: UnsafeMutablePointer<HyphenDict>) {
        let first = dictionary.pointee
        guard let level = first.nextlevel, level.pointee.nextlevel == nil, let excluded = Self.excludedBytes(of: first)
        else { return nil }
        self.init(level: level, excluded: excluded, minimums: (Int(first.lhmin), Int(first.rhmin)))
    }

    /// The table of `level` (a level with no further level below it).
    private init?(level: UnsafeMutablePointer<HyphenDict>, excluded: ByteSet, minimums: (Int, Int)) {
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
        self.excluded = excluded
        (leftMinimum, rightMinimum) = minimums
    }

    /// The bytes that leave a word to libhyphen, given the first level `first`:
    /// digits (libhyphen reads them as word edges and leaves them out of its
    /// minimums), NUL, bytes past ASCII in a UTF-8 dictionary (characters of several
    /// bytes), and every byte the first level has a transition or a no-hyphen
    /// string for, so that for the words walked the first level finds nothing. Nil
    /// when the word's edge (".") would take the first level somewhere, or the first
    /// level has a pattern of its own at its start.
    private static func excludedBytes(of first: HyphenDict) -> ByteSet? {
        guard let states = first.states, first.num_states > 0, states[0].match == nil else { return nil }
        var excluded = ByteSet()
        excluded.insert(0)
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { excluded.insert(digit) }
        if first.utf8 != 0 { for byte in 0x80...0xFF { excluded.insert(UInt8(byte)) } }
        for index in 0..<Int(first.num_states) {
            guard let transitions = states[index].trans else { continue }
            for k in 0..<Int(states[index].num_trans) { excluded.insert(UInt8(bitPattern: transitions[k].ch)) }
        }
        if var entry = first.nohyphen {
            for _ in 0...Int(first.nohyphenl) {
                // An empty string would match everywhere: libhyphen's case alone.
                guard entry.pointee != 0 else { return nil }
                excluded.insert(UInt8(bitPattern: entry.pointee))
                entry += strlen(entry) + 1
            }
        }
        // The word's edges are "." to the first level too.
        guard !excluded.contains(UInt8(ascii: ".")) else { return nil }
        return excluded
    }

    /// The points of the word of `length` one-byte characters in `terminated`,
    /// with at least `before` characters before each and `after` after it (raised
    /// to the first level's minimums): each, the number of characters before it,
    /// given to `body` in ascending order. False, giving nothing, when the word
    /// must go to libhyphen: it has an excluded byte, or reaches a pattern with a
    /// replacement (a non-standard point, which libhyphen reports).
    func forEachPoint(
        in terminated: UnsafeBufferPointer<CChar>, length: Int, before: Int, after: Int, _ body: (Int) -> Void
    ) -> Bool {
        guard length >= 2 else { return false }
        for index in 0..<length where excluded.contains(UInt8(bitPattern: terminated[index])) { return false }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 2) { values in
            guard walk(terminated, length: length, into: values) else { return false }
            // The minimums, at least those asked for (2 for none), as libhyphen's
            // `hnj_hyphen_lhmin` and `hnj_hyphen_rhmin` clear them: the first
            // `left - 1` values, and the last `right` values but never the first.
            let left = max(before, leftMinimum)
            let right = max(after, rightMinimum)
            let first = (left > 0 ? left : 2) - 1
            let end = max(length - (right > 0 ? right : 2), 1)
            // The value after character j + 1 stands at j + 1 (after the leading ".").
            for j in 0..<(length - 1) where j >= first && j < end && values[j + 1] & 1 == 1 { body(j + 1) }
            return true
        }
    }

    /// libhyphen's values for the word of `length` bytes in `word` (the level's
    /// walk of `"." word "."`, before its minimums), written into `values`
    /// (`length + 2` of them, each "0" to "9"); false when the walk reaches a
    /// pattern with a replacement.
    private func walk(_ word: UnsafeBufferPointer<CChar>, length: Int, into values: UnsafeMutableBufferPointer<CChar>)
        -> Bool
    {
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

/// A set of bytes, as 256 bits.
struct ByteSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }
}
