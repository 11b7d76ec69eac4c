/// The connections of one server that a recorder folded past its limit of connection records
/// (``TranscriptLimits/recordsPerServer``): each became, or was counted in, a generalized record
/// (``ConnectionRecord/generalized``), which keeps how it ended (how many were refused, of each
/// outcome); the values its client chose are summed up here by the first and last few.
package struct FoldedConnections: Sendable, Codable, Hashable {
    /// Connections folded into generalized records.
    package var connections: Int
    /// Connections counted and not kept at all, because even the generalized records had reached
    /// their share of the limit.
    package var dropped: Int
    /// The first distinct values the folded connections' clients chose, in words (`username alice`,
    /// `target a.example:443`), at most ``TranscriptLimits/listedValues``.
    package var firstValues: [String]
    /// The last distinct values, at most ``TranscriptLimits/listedValues``, oldest first.
    package var lastValues: [String]

    package init(connections: Int = 0, dropped: Int = 0, firstValues: [String] = [], lastValues: [String] = []) {
        self.connections = connections
        self.dropped = dropped
        self.firstValues = firstValues
        self.lastValues = lastValues
    }

    /// Counts one more folded connection whose client chose `values`.
    package mutating func add(_ values: [String], dropped isDropped: Bool) {
        if isDropped { dropped += 1 } else { connections += 1 }
        for value in values {
            if firstValues.count < TranscriptLimits.listedValues {
                if !firstValues.contains(value) { firstValues.append(value) }
                continue
            }
            guard !firstValues.contains(value) else { continue }
            lastValues.removeAll { $0 == value }
            lastValues.append(value)
            if lastValues.count > TranscriptLimits.listedValues { lastValues.removeFirst() }
        }
    }

    /// Every connection folded or dropped.
    package var total: Int { connections + dropped }
}
