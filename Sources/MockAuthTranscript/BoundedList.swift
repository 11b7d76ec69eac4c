extension Array<String> {
    /// The items joined by `separator`, the first ``TranscriptLimits/listedValues`` of them only,
    /// and then "and 12 more": a verdict's line never grows with the number of distinct values
    /// clients sent.
    package func listed(separator: String = ", ") -> String {
        let shown = prefix(TranscriptLimits.listedValues).joined(separator: separator)
        let more = count - TranscriptLimits.listedValues
        return more > 0 ? "\(shown)\(separator)and \(more) more" : shown
    }

    /// The items once each, in their first order.
    package func uniqued() -> [String] {
        var seen: Set<String> = []
        return filter { seen.insert($0).inserted }
    }
}

extension TranscriptOverflow {
    /// What the transcript folded or left out, in words, bounded whatever the clients sent: "the
    /// transcript reached its limit of 10000 records per server: 15 requests unlike any before were
    /// counted, not kept, and no rule saw them; 40000 connections unlike any before (socks) were
    /// folded into records without the values their clients chose (first username u0, …; last …)".
    package var words: String {
        var clauses: [String] = []
        let dropped = droppedRequests.values.reduce(0, +)
        if dropped > 0 || foldedConnections == nil {
            clauses.append("\(dropped) requests unlike any before were counted, not kept, and no rule saw them")
        }
        for (server, folded) in (foldedConnections ?? [:]).sorted(by: { $0.key < $1.key }).prefix(
            TranscriptLimits.listedValues)
        {
            var clause =
                "\(folded.total) connections unlike any before (\(server)) were folded into records without the values their clients chose"
            if folded.dropped > 0 { clause += ", \(folded.dropped) of them only counted" }
            let values = [
                folded.firstValues.isEmpty ? nil : "first \(folded.firstValues.listed())",
                folded.lastValues.isEmpty ? nil : "last \(folded.lastValues.listed())",
            ].compactMap(\.self)
            if !values.isEmpty { clause += " (\(values.joined(separator: "; ")))" }
            clauses.append(clause)
        }
        return "the transcript reached its limit of \(limit) records per server: \(clauses.joined(separator: "; "))"
    }
}
