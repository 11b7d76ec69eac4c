/// One of N deterministic slices of a conformance matrix (`conform --shard K/N`), so that CI can run
/// the matrix on N machines and merge the reports (``ConformanceReport/init(merging:)``).
///
/// Scenarios are dealt round-robin in catalog order: scenario i belongs to shard `i % N + 1`, with
/// every client, so each shard's cells are exactly those an unsharded run gives for its scenarios.
package struct ConformanceShard: Sendable, Equatable, CustomStringConvertible {
    /// Which slice, from 1.
    package var index: Int
    /// How many slices.
    package var count: Int

    /// `K/N`, with 1 ≤ K ≤ N; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// The elements of `items` (in catalog order) that belong to this shard.
    package func slice<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

extension ConformanceReport {
    /// The reports of a sharded run as one, cell for cell what the unsharded run reports: clients in
    /// their order, then scenarios in catalog (name) order, each cell once; the time is the longest
    /// shard's.
    ///
    /// - Throws: ``ConformanceMergeError`` when the shards do not fit together (other clients, a cell twice).
    package init(merging shards: [ConformanceReport]) throws(ConformanceMergeError) {
        guard let first = shards.first else { throw ConformanceMergeError("no reports to merge") }
        for shard in shards where shard.version != first.version {
            throw ConformanceMergeError("report versions differ: \(first.version) and \(shard.version)")
        }
        for shard in shards where shard.clients != first.clients {
            throw ConformanceMergeError(
                "the shards ran different clients: \(first.clients.joined(separator: ", ")) and "
                    + shard.clients.joined(separator: ", "))
        }
        let scenarios = shards.flatMap(\.scenarios).sorted()
        if let twice = zip(scenarios, scenarios.dropFirst()).first(where: { $0 == $1 }) {
            throw ConformanceMergeError("scenario \(twice.0) is in more than one shard")
        }
        let scenarioOrder = Dictionary(uniqueKeysWithValues: scenarios.enumerated().map { ($1, $0) })
        let clientOrder = Dictionary(uniqueKeysWithValues: first.clients.enumerated().map { ($1, $0) })
        let cells = shards.flatMap(\.results).sorted { left, right in
            let l = (clientOrder[left.client] ?? 0, scenarioOrder[left.scenario] ?? 0)
            let r = (clientOrder[right.client] ?? 0, scenarioOrder[right.scenario] ?? 0)
            return l < r
        }
        // Each shard read the clients' versions; the first shard's stand for the run.
        let versions = shards.reversed().reduce(into: [String: String]()) { $0.merge($1.versions) { _, new in new } }
        self.init(
            clients: first.clients, scenarios: scenarios, results: cells,
            seconds: shards.map(\.seconds).max() ?? 0, versions: versions)
    }
}

/// Shard reports that cannot be merged.
package struct ConformanceMergeError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
