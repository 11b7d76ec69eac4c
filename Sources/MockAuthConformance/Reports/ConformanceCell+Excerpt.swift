extension ConformanceCell {
    /// The lines of ``details`` a page shows: what each expectation came to and what the servers saw
    /// (the transcript summary), without the first line when it only repeats the scenario and the
    /// result, and at most `maximumLines` lines, the rest counted (`… 12 more lines in the JSON
    /// report`). Empty when the cell has no details.
    package func detailsExcerpt(maximumLines: Int = 40) -> String {
        var lines = details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first == "\(scenario): \(result.label)" { lines.removeFirst() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count > maximumLines else { return lines.joined(separator: "\n") }
        let more = lines.count - maximumLines
        return (lines.prefix(maximumLines) + ["… \(more) more line\(more == 1 ? "" : "s") in the JSON report"])
            .joined(separator: "\n")
    }
}
