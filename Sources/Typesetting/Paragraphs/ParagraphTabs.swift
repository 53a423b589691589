import Foundation

/// A paragraph's tab characters and what placing them takes, made once when the
/// paragraph is shaped, and only when it holds a tab: where the tabs are, the advance
/// of the text between any two offsets, and the style's stops in order.
///
/// A tab's width depends on where the pen is when the line reaches it, so it is
/// worked out for each line as it is broken and built, from these sums: the shaped
/// glyphs are never touched.
struct ParagraphTabs: Sendable {
    /// How the text after a tab sits at its stop, in the paragraph's direction.
    enum Placement: Sendable {
        /// The text starts at the stop.
        case leading
        /// The text ends at the stop.
        case trailing
        /// The text is centred on the stop.
        case center
        /// The text's decimal separator is at the stop.
        case decimal
    }

    /// The offsets of the tab characters, ascending.
    let offsets: [Int]
    /// The advance of the text before each UTF-16 offset (one more entry than the
    /// text has units), tabs counting 0.
    private let advances: [Double]
    /// The stops with a positive, finite location, ascending.
    private let stops: [(location: Double, placement: Placement)]
    /// The default tab interval, or 0.
    private let interval: Double
    /// The decimal separator's UTF-16 unit.
    private let separator: UInt16
    /// Whether the paragraph is right to left: stops count from the right and left
    /// and right swap places in the paragraph's own direction.
    private let isRightToLeft: Bool
    /// The paragraph's text, for decimal separators.
    private let text: [UInt16]

    /// Whether `text` holds a tab, sixteen units at a time: every paragraph asks,
    /// nearly none has one, and a unit-at-a-time search cost 5 instructions a
    /// character of every cold layout.
    static func containsTab(_ text: [UInt16]) -> Bool {
        text.withUnsafeBufferPointer { units in
            let tab = SIMD16<UInt16>(repeating: 0x09)
            var i = 0
            if let base = units.baseAddress {
                while i + 16 <= units.count {
                    let block = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt16>.self)
                    if any(block .== tab) { return true }
                    i += 16
                }
            }
            while i < units.count {
                if units[i] == 0x09 { return true }
                i += 1
            }
            return false
        }
    }

    /// The tabs of `text`, or nil when it has none.
    init?(text: [UInt16], runs: [ShapedRun], style: ParagraphStyle, locale: String, isRightToLeft: Bool) {
        guard Self.containsTab(text) else { return nil }
        let offsets = text.indices.filter { text[$0] == 0x09 }
        self.offsets = offsets
        self.text = text
        self.isRightToLeft = isRightToLeft
        var units = [Double](repeating: 0, count: text.count + 1)
        for run in runs {
            let scale = run.scale
            for g in 0..<run.clusters.count {
                units[Int(run.clusters[g])] += Double(run.advances[g]) * scale
            }
        }
        for offset in offsets { units[offset] = 0 }
        var total = 0.0
        for i in units.indices {
            let unit = units[i]
            units[i] = total
            total += unit
        }
        advances = units
        stops = style.tabStops.filter { $0.location.isFinite && $0.location > 0 }
            .sorted { $0.location < $1.location }
            .map { (Double($0.location), Self.placement(of: $0.alignment, rightToLeft: isRightToLeft)) }
        // An interval narrower than the narrowest line sets stops as good as
        // everywhere: it is that wide, so that a stop's index stays a finite number.
        let interval = style.defaultTabInterval.isFinite ? Double(style.defaultTabInterval) : 0
        self.interval = interval > 0 ? max(interval, ShapedParagraph.narrowestLayoutWidth) : 0
        separator = Locale(identifier: locale).decimalSeparator?.utf16.first ?? 0x2E
    }

    /// Where `alignment`'s text goes in a paragraph of the given direction.
    private static func placement(of alignment: TextTab.Alignment, rightToLeft: Bool) -> Placement {
        switch alignment {
        case .left: rightToLeft ? .trailing : .leading
        case .right: rightToLeft ? .leading : .trailing
        case .center: .center
        case .decimal: .decimal
        }
    }

    /// Whether `range` holds a tab.
    func hasTab(in range: Range<Int>) -> Bool {
        let i = offsets.partitionPoint { $0 >= range.lowerBound }
        return i < offsets.count && offsets[i] < range.upperBound
    }

    /// The advance of `range`'s text, tabs counting 0.
    private func width(_ range: Range<Int>) -> Double {
        advances[range.upperBound] - advances[range.lowerBound]
    }

    /// The text from `start` to `end` set from a pen `lead` points from the leading
    /// margin: each tab's width, the text's width, and whether a tab with no stop
    /// left has text after it (which then belongs on the next line).
    ///
    /// The pen is counted from the lead, not the margin: an indent of 10^20 points is
    /// a number whose neighbours are 16,384 points apart, and a line's text added to
    /// it vanished, so every line of a tabbed paragraph so indented fit.
    func layout(from start: Int, to end: Int, lead: Double) -> (
        tabWidths: [(offset: Int, width: Double)], width: Double, wraps: Bool
    ) {
        var tabWidths: [(offset: Int, width: Double)] = []
        var pen = 0.0
        var groupStart = start
        var pending: (offset: Int, stop: Double, placement: Placement, pen: Double)?
        var wraps = false
        // Sets the text from `groupStart` to `groupEnd` after the pending tab.
        func close(at groupEnd: Int) {
            let group = groupStart..<max(groupStart, groupEnd)
            let groupWidth = width(group)
            guard let tab = pending else {
                pen += groupWidth
                return
            }
            let before: Double =
                switch tab.placement {
                case .leading: 0
                case .trailing: groupWidth
                case .center: groupWidth / 2
                case .decimal: widthBeforeSeparator(in: group, groupWidth: groupWidth)
                }
            let tabWidth = max(0, tab.stop - tab.pen - before)
            tabWidths.append((tab.offset, tabWidth))
            pen = tab.pen + tabWidth + groupWidth
            pending = nil
        }
        var i = offsets.partitionPoint { $0 >= start }
        while i < offsets.count, offsets[i] < end {
            let offset = offsets[i]
            close(at: offset)
            if let stop = nextStop(after: pen, lead: lead) {
                pending = (offset, stop.location, stop.placement, pen)
            } else {
                tabWidths.append((offset, 0))
                if offset + 1 < end { wraps = true }
            }
            groupStart = offset + 1
            i += 1
        }
        close(at: end)
        return (tabWidths, pen, wraps)
    }

    /// The first stop past a pen `pen` points after a line's `lead`, counted from the
    /// lead as the pen is: a style's stop (its location is from the margin), else
    /// the next multiple of the default interval from the margin, else none.
    private func nextStop(after pen: Double, lead: Double) -> (location: Double, placement: Placement)? {
        let slop = 1e-9 * max(1, abs(lead + pen))
        let k = stops.partitionPoint { $0.location > lead + pen + slop }
        if k < stops.count { return (stops[k].location - lead, stops[k].placement) }
        guard interval > 0 else { return nil }
        // The lead's place between two stops, exactly (`fmod` is), so that the pen
        // is never added to the lead itself. With no lead this is the margin's
        // own multiple of the interval, as before.
        let phase = fmod(lead, interval)
        let near = 1e-9 * max(1, abs(phase + pen))
        return ((((phase + pen + near) / interval).rounded(.down) + 1) * interval - phase, .leading)
    }

    /// How much of a group sits before a decimal stop: the text before the first
    /// separator (after it, in a right-to-left paragraph, whose numbers still read
    /// left to right), or all of it when it has none.
    private func widthBeforeSeparator(in group: Range<Int>, groupWidth: Double) -> Double {
        guard let at = group.first(where: { text[$0] == separator }) else { return groupWidth }
        return isRightToLeft ? width((at + 1)..<group.upperBound) : width(group.lowerBound..<at)
    }
}
