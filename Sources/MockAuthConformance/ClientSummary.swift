import MockAuth

extension VerdictResult {
    /// Whether the cell judged the client: everything but UNSUPPORTED (its library lacks what the
    /// scenario needs) and SKIP (the adapter does not drive it).
    package var wasJudged: Bool {
        switch self {
        case .pass, .fail, .inconclusive, .error: true
        case .unsupported, .skip: false
        }
    }
}

/// How many cells had each result.
package struct ResultTally: Sendable, Codable, Equatable {
    package var pass = 0
    package var fail = 0
    package var inconclusive = 0
    package var unsupported = 0
    package var skip = 0
    package var error = 0

    package init() {}

    package mutating func add(_ result: VerdictResult) {
        switch result {
        case .pass: pass += 1
        case .fail: fail += 1
        case .inconclusive: inconclusive += 1
        case .unsupported: unsupported += 1
        case .skip: skip += 1
        case .error: error += 1
        }
    }

    /// The cells that were judged (``VerdictResult/wasJudged``).
    package var judged: Int { VerdictResult.allCases.filter(\.wasJudged).reduce(0) { $0 + self[$1] } }

    /// Every cell counted.
    package var total: Int { judged + unsupported + skip }

    /// The count of `result`.
    package subscript(_ result: VerdictResult) -> Int {
        switch result {
        case .pass: pass
        case .fail: fail
        case .inconclusive: inconclusive
        case .unsupported: unsupported
        case .skip: skip
        case .error: error
        }
    }
}

/// One client's results, in all and by area: the one-screen summary of the conformance page and the
/// rows of its heat map. Only the cells that speak for the client (credited `client` or
/// `configured`) are counted in ``total`` and the areas; the cells whose behaviour adapter code
/// decides are counted apart, in ``adapter``.
package struct ClientSummary: Sendable, Codable, Equatable {
    package var client: String
    package var total: ResultTally
    /// The client's judged cells by credit: how many judged the library as documented, as
    /// configured (they add up to `total.judged`: an UNSUPPORTED or SKIP cell judged nothing).
    package var credited: [Credit: Int]
    /// The cells credited to the adapter, by result: not the client's, and in none of its totals.
    package var adapter: ResultTally
    /// Every area, in ``ConformanceArea`` order (an area with no scenario in the run has an empty
    /// tally).
    package var areas: [AreaTally]

    package struct AreaTally: Sendable, Codable, Equatable {
        package var area: ConformanceArea
        package var tally: ResultTally
    }

    /// The areas where the client failed or was inconclusive, with how many cells.
    package var shortfalls: [(area: ConformanceArea, cells: Int)] {
        areas.compactMap { entry in
            let cells = entry.tally.fail + entry.tally.inconclusive + entry.tally.error
            return cells == 0 ? nil : (entry.area, cells)
        }
    }

    /// The client's judged cells by credit (`60 + 59`: as documented, then as configured).
    package var creditText: String {
        "\(credited[.client] ?? 0) + \(credited[.configured] ?? 0)"
    }

    /// The adapter's cells in words (`3: 2 PASS, 1 FAIL`), or `—` when there are none.
    package var adapterText: String {
        guard adapter.total > 0 else { return "—" }
        let counts = VerdictResult.allCases.filter { adapter[$0] > 0 }.map { "\(adapter[$0]) \($0.label)" }
        return "\(adapter.total): " + counts.joined(separator: ", ")
    }

    /// The shortfalls in words, as the summary's last column shows them (`names 2, pinning 1`), or
    /// `—` when there are none.
    package var shortfallText: String {
        let text = shortfalls.map { "\($0.area.title) \($0.cells)" }.joined(separator: ", ")
        return text.isEmpty ? "—" : text
    }
}

extension ConformanceReport {
    /// A summary per client, in the report's client order. A cell whose tags fit no area is
    /// counted in the total only.
    package var summaries: [ClientSummary] {
        clients.map { client in
            var total = ResultTally()
            var adapter = ResultTally()
            var credited: [Credit: Int] = [:]
            var byArea: [ConformanceArea: ResultTally] = [:]
            for cell in results where cell.client == client {
                guard cell.credit.isClients else {
                    adapter.add(cell.result)
                    continue
                }
                total.add(cell.result)
                if cell.result.wasJudged { credited[cell.credit, default: 0] += 1 }
                if let area = ConformanceArea(tags: cell.tags) { byArea[area, default: ResultTally()].add(cell.result) }
            }
            return ClientSummary(
                client: client, total: total, credited: credited, adapter: adapter,
                areas: ConformanceArea.allCases.map { .init(area: $0, tally: byArea[$0] ?? ResultTally()) })
        }
    }
}
