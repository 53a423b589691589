extension OptimalBreaking {
    /// The dynamic program over one stretch, with its arrays kept from stretch to
    /// stretch.
    ///
    /// A state is a node (a break), the number of hyphenated lines in a row ending
    /// there (for a hyphen break, up to `HyphenLimits.maximumConsecutive`), and a
    /// fitness class. A line may end at a hyphen break as greedy breaking lets it
    /// (`HyphenLimits`): only when the line without the hyphenated word's part would
    /// fill less than the hyphenation factor of the width, never past the
    /// consecutive limit, and, for a line holding no whole word or a paragraph's
    /// last word (`isLastResortHyphen`), only when the rest of the word is wider than
    /// the line.
    struct Solver {
        let costs: Costs
        let restLimit: Double
        let limits: HyphenLimits
        /// Fitness classes per node: for justified text very loose, loose and decent
        /// (TeX's tight class needs shrink, which is never used), one for ragged.
        let classes: Int
        /// Per node: the advance from the stretch's start to the node's break, its
        /// whitespace included, and the same for whitespace alone.
        var position: [Double] = []
        var spaces: [Double] = []
        /// Per node, when the stretch has hyphen breaks (else empty): the hyphen's
        /// advance (NaN where the node is no hyphen break), whether it is a last
        /// resort, the latest node before it that is no hyphen break, and the first
        /// node after it that is none (the end of its word; `n + 1` when the word runs
        /// past the stretch).
        var hyphen: [Double] = []
        /// The nodes of `hyphen` that are hyphen breaks.
        var hyphenBreaks = 0
        var lastResort: [Bool] = []
        var ordinaryBefore: [Int32] = []
        var wordEnd: [Int32] = []
        /// Per state: the least total demerits reaching it, and the state before it
        /// on that path.
        var total: [Double] = []
        var previous: [Int32] = []
        var candidates = 0

        init(costs: Costs, restLimit: Double, limits: HyphenLimits) {
            self.costs = costs
            self.restLimit = restLimit
            self.limits = limits
            self.classes = costs.justified ? 3 : 1
        }

        /// The segment each line of the stretch `first...last` ends at, in order (the
        /// last is `last`), or nil when no set of lines fits; `hyphensBefore` lines in
        /// a row before the stretch ended at hyphens.
        mutating func solve(
            _ segments: BreakSegments, first: Int, last: Int, partialWidth: Double?, firstLimit: Double,
            endsParagraph: Bool, hyphensBefore: Int
        ) -> [Int]? {
            let n = last - first + 1
            position.removeAll(keepingCapacity: true)
            spaces.removeAll(keepingCapacity: true)
            hyphen.removeAll(keepingCapacity: true)
            hyphenBreaks = 0
            position.append(0)
            spaces.append(0)
            for j in first...last {
                let content = j == first ? partialWidth ?? segments.contentWidth(j) : segments.contentWidth(j)
                position.append(position[position.count - 1] + content + segments.whitespaceWidth(j))
                spaces.append(spaces[spaces.count - 1] + segments.whitespaceWidth(j))
                if let h = segments.hyphenWidth(j) {
                    if hyphen.isEmpty { hyphen = [Double](repeating: .nan, count: n + 1) }
                    hyphen[j - first + 1] = h
                    hyphenBreaks += 1
                }
            }
            if !hyphen.isEmpty { findWords(segments, first: first, n: n) }
            if !costs.justified, hyphen.isEmpty {
                return raggedPass(segments, first: first, n: n, firstLimit: firstLimit, endsParagraph: endsParagraph)
            }
            for tolerance in OptimalBreaking.tolerances where costs.justified || tolerance.isInfinite {
                if let ends = pass(
                    segments, first: first, n: n, firstLimit: firstLimit, endsParagraph: endsParagraph,
                    hyphensBefore: hyphensBefore, tolerance: tolerance)
                {
                    return ends
                }
            }
            return nil
        }

        /// Fills `lastResort`, `ordinaryBefore` and `wordEnd` for the `n` nodes.
        private mutating func findWords(_ segments: BreakSegments, first: Int, n: Int) {
            lastResort = [Bool](repeating: false, count: n + 1)
            ordinaryBefore = [Int32](repeating: 0, count: n + 1)
            wordEnd = [Int32](repeating: Int32(n + 1), count: n + 1)
            var ordinary: Int32 = 0
            for u in 1...n {
                ordinaryBefore[u] = ordinary
                if hyphen[u].isNaN {
                    ordinary = Int32(u)
                } else {
                    lastResort[u] = segments.isLastResortHyphen(first + u - 1)
                }
            }
            var end = Int32(n + 1)
            for u in stride(from: n, through: 1, by: -1) {
                if hyphen[u].isNaN { end = Int32(u) } else { wordEnd[u] = end }
            }
        }

        /// Whether a line from node `t` may end at the hyphen break of node `u`, as
        /// greedy breaking allows it (`HyphenLimits.factor`, last resorts).
        @inline(__always)
        private func allowsHyphen(_ segments: BreakSegments, first: Int, from t: Int, to u: Int, limit: Double) -> Bool
        {
            let ordinary = Int(ordinaryBefore[u])
            if ordinary > t {
                // Ending at the word before must leave the line less than the factor full.
                let before = position[ordinary] - segments.whitespaceWidth(first + ordinary - 1) - position[t]
                return !lastResort[u] && before < limits.factor * limit
            }
            // The line holds part of one word: only when the rest of it does not fit.
            let end = Int(wordEnd[u])
            guard end < position.count else { return true }
            return position[end] - segments.whitespaceWidth(first + end - 1) - position[t] > limit
        }

        /// One pass at `tolerance`: the ends of the cheapest lines, or nil when the
        /// stretch's end cannot be reached.
        private mutating func pass(
            _ segments: BreakSegments, first: Int, n: Int, firstLimit: Double, endsParagraph: Bool,
            hyphensBefore: Int, tolerance: Double
        ) -> [Int]? {
            let c = classes
            let hasHyphens = !hyphen.isEmpty
            // A limit above the hyphenated lines the stretch could end in a row (those
            // before it and one a hyphen break) never applies: it is none, and not
            // `maximum` states a node (`Int.max` of them overflowed).
            let maximum =
                limits.maximumConsecutive > hyphensBefore + hyphenBreaks ? 0 : limits.maximumConsecutive
            // States per node: a class for each run of hyphenated lines it may end.
            let depth = hasHyphens ? max(maximum, 1) : 1
            let stride = depth * c
            total.removeAll(keepingCapacity: true)
            total.append(contentsOf: repeatElement(Double.infinity, count: (n + 1) * stride))
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: repeatElement(-1, count: (n + 1) * stride))
            let decent = c == 1 ? 0 : 2
            total[decent] = 0  // the start
            var oldest = 0
            var weighed = 0
            for u in 1...n {
                let trailing = segments.whitespaceWidth(first + u - 1)
                let flagged = hasHyphens && !hyphen[u].isNaN
                let hyphenAdvance = flagged ? hyphen[u] : 0
                let isLast = u == n && endsParagraph
                // Drop the nodes whose line to here is already too wide: lines from
                // them only grow.
                while oldest < u - 1,
                    position[u] - trailing - position[oldest] > (oldest == 0 ? firstLimit : restLimit)
                        || !reached(oldest, stride: stride)
                {
                    oldest += 1
                }
                for t in oldest..<u where reached(t, stride: stride) {
                    let limit = t == 0 ? firstLimit : restLimit
                    let lineWidth = position[u] - trailing - position[t] + hyphenAdvance
                    if lineWidth > limit { continue }
                    if flagged, !allowsHyphen(segments, first: first, from: t, to: u, limit: limit) { continue }
                    weighed += 1
                    let slack = limit - lineWidth
                    var demerits: Double
                    var fitness = decent
                    if costs.justified {
                        var badness = 0.0
                        if !isLast {
                            let stretch = (spaces[u - 1] - spaces[t]) * OptimalBreaking.stretchPerSpace
                            let ratio = slack <= 0 ? 0 : stretch > 0 ? slack / stretch : .infinity
                            badness = ratio.isInfinite ? 10_000 : min(100 * ratio * ratio * ratio, 10_000)
                            if badness > tolerance { continue }
                            fitness = ratio > 1 ? 0 : ratio > 0.5 ? 1 : 2
                        }
                        demerits = (OptimalBreaking.linePenalty + badness) * (OptimalBreaking.linePenalty + badness)
                    } else {
                        demerits = isLast ? 0 : slack * slack
                    }
                    if flagged { demerits += costs.hyphenDemerits }
                    let fromHyphen = t == 0 ? hyphensBefore > 0 : hasHyphens && !hyphen[t].isNaN
                    if flagged && fromHyphen { demerits += costs.consecutiveHyphenDemerits }
                    for s in 0..<(t > 0 && fromHyphen ? depth : 1) {
                        // The hyphenated lines in a row ending at `t` in this state, and at `u`.
                        let run = t == 0 ? hyphensBefore : fromHyphen ? s + 1 : 0
                        var targetDepth = 0
                        if flagged, maximum > 0 {
                            if run + 1 > maximum { continue }
                            targetDepth = run
                        }
                        let target = u * stride + targetDepth * c + fitness
                        let source = t * stride + s * c
                        for k in 0..<c {
                            let before = total[source + k]
                            if before == .infinity { continue }
                            var sum = before + demerits
                            if costs.justified, abs(k - fitness) > 1 { sum += costs.fitnessDemerits }
                            if sum < total[target] {
                                total[target] = sum
                                previous[target] = Int32(source + k)
                            }
                        }
                    }
                }
            }
            candidates += weighed
            var best = -1
            for state in n * stride..<(n + 1) * stride where total[state] < (best < 0 ? .infinity : total[best]) {
                best = state
            }
            guard best >= 0 else { return nil }
            var ends: [Int] = []
            var state = best
            while state >= stride {
                ends.append(first + state / stride - 1)
                state = Int(previous[state])
            }
            return ends.reversed()
        }

        /// `pass` for ragged text without hyphen breaks, the common case: one state
        /// per node and only the squared slack to weigh, over raw buffers. The same
        /// candidates in the same order, so the same lines.
        private mutating func raggedPass(
            _ segments: BreakSegments, first: Int, n: Int, firstLimit: Double, endsParagraph: Bool
        ) -> [Int]? {
            total.removeAll(keepingCapacity: true)
            total.append(contentsOf: repeatElement(Double.infinity, count: n + 1))
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: repeatElement(-1, count: n + 1))
            total[0] = 0
            let restLimit = restLimit
            var weighed = 0
            position.withUnsafeBufferPointer { position in
                total.withUnsafeMutableBufferPointer { total in
                    previous.withUnsafeMutableBufferPointer { previous in
                        segments.segments.withUnsafeBufferPointer { table in
                            var oldest = 0
                            for u in 1...n {
                                let end = position[u] - table[first + u - 1].whitespaceWidth
                                while oldest < u - 1,
                                    end - position[oldest] > (oldest == 0 ? firstLimit : restLimit)
                                        || total[oldest] == .infinity
                                {
                                    oldest += 1
                                }
                                let isLast = u == n && endsParagraph
                                var best = Double.infinity
                                var from = -1
                                for t in oldest..<u where total[t] != .infinity {
                                    let limit = t == 0 ? firstLimit : restLimit
                                    let slack = limit - (end - position[t])
                                    if slack < 0 { continue }
                                    weighed += 1
                                    let sum = total[t] + (isLast ? 0 : slack * slack)
                                    if sum < best {
                                        best = sum
                                        from = t
                                    }
                                }
                                total[u] = best
                                previous[u] = Int32(from)
                            }
                        }
                    }
                }
            }
            candidates += weighed
            guard total[n] < .infinity else { return nil }
            var ends: [Int] = []
            var node = n
            while node > 0 {
                ends.append(first + node - 1)
                node = Int(previous[node])
            }
            return ends.reversed()
        }

        /// Whether some line set reaches node `t`.
        @inline(__always)
        private func reached(_ t: Int, stride: Int) -> Bool {
            for state in t * stride..<(t + 1) * stride where total[state] < .infinity { return true }
            return false
        }
    }
}
