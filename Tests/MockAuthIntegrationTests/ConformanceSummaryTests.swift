import Foundation
import MockAuth
import MockAuthConformance
import MockAuthTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("The conformance summary per client, and its heat map")
struct ConformanceSummaryTests {
    /// A report of two clients over three scenarios of three areas.
    static let report = ConformanceReport(
        clients: ["good", "careless<&>"],
        scenarios: ["tls-expired", "tls-wrong-host", "basic"],
        results: [
            ConformanceCell(
                client: "good", scenario: "tls-expired", result: .pass, reason: "", tags: ["tls", "expiry"]),
            ConformanceCell(
                client: "good", scenario: "tls-wrong-host", result: .pass, reason: "", tags: ["tls", "hostname"]),
            ConformanceCell(client: "good", scenario: "basic", result: .skip, reason: "", tags: ["auth", "basic"]),
            ConformanceCell(
                client: "careless<&>", scenario: "tls-expired", result: .fail, reason: "", tags: ["tls", "expiry"]),
            ConformanceCell(
                client: "careless<&>", scenario: "tls-wrong-host", result: .inconclusive, reason: "",
                tags: ["tls", "hostname"]),
            ConformanceCell(
                client: "careless<&>", scenario: "basic", result: .pass, reason: "", tags: ["auth", "basic"]),
        ],
        seconds: 1)

    @Test("every scenario of the catalog belongs to an area, and every area has a scenario")
    func catalogAreas() throws {
        let scenarios = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).loadAll()
        let unplaced = scenarios.filter { ConformanceArea(tags: $0.tags) == nil }.map(\.name)
        #expect(unplaced.isEmpty, "scenarios in no area: \(unplaced)")
        let used = Set(scenarios.compactMap { ConformanceArea(tags: $0.tags) })
        #expect(
            used == Set(ConformanceArea.allCases),
            "areas with no scenario: \(Set(ConformanceArea.allCases).subtracting(used))")
        #expect(ConformanceArea(tags: ["tls", "names"]) == .names)
        #expect(ConformanceArea(tags: ["proxy", "tls", "expiry"]) == .proxies)
        #expect(ConformanceArea(tags: ["cookie", "leak", "tls"]) == .redirectsAndLeaks)
        #expect(ConformanceArea(tags: ["auth", "digest", "http2"]) == .http2)
        #expect(ConformanceArea(tags: ["unrelated"]) == nil)
    }

    @Test("the summary counts every cell once, in all and by area")
    func counts() throws {
        let summaries = Self.report.summaries
        #expect(summaries.map(\.client) == ["good", "careless<&>"])
        let careless = try #require(summaries.last)
        #expect(careless.total.pass == 1 && careless.total.fail == 1 && careless.total.inconclusive == 1)
        #expect(careless.total.judged == 3)
        #expect(careless.shortfalls.map(\.area) == [.trust, .names])
        let good = try #require(summaries.first)
        #expect(good.total.skip == 1 && good.shortfalls.isEmpty)
        for summary in summaries {
            #expect(summary.areas.map(\.area) == ConformanceArea.allCases)
            let byArea = summary.areas.reduce(0) { $0 + $1.tally.judged + $1.tally.skip }
            #expect(byArea == summary.total.judged + summary.total.skip)
        }
        let markdown = Self.report.summaryMarkdown(heatMap: "conformance-heatmap.svg")
        #expect(
            markdown.contains("| careless<&> | — | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 3 + 0 | — | trust 1, names 1 |"),
            "\(markdown)")
        #expect(markdown.contains("| good | — | 2 | 2 | 0 | 0 | 0 | 0 | 1 | 2 + 0 | — | — |"), "\(markdown)")
        #expect(markdown.contains("](conformance-heatmap.svg)"))
    }

    @Test("the adapter's cells are counted apart, UNSUPPORTED is not judged, and the versions are shown")
    func credits() throws {
        var report = Self.report
        report.scenarios += ["tls-pin-mismatch", "ntlm"]
        report.results += [
            ConformanceCell(
                client: "good", scenario: "tls-pin-mismatch", result: .fail, reason: "", tags: ["tls", "pinning"],
                credit: .adapter, creditNote: "pins.sh (check_pin): the library has no pinning"),
            ConformanceCell(
                client: "good", scenario: "ntlm", result: .unsupported, reason: "good lacks ntlm",
                tags: ["auth", "ntlm"],
                credit: .configured, creditNote: "--anyauth"),
        ]
        report.versions = ["good": "good 1.2 (TLS | 3)"]
        let good = try #require(report.summaries.first)
        #expect(good.total.total == 4 && good.total.judged == 2 && good.total.unsupported == 1)
        #expect(good.adapter.fail == 1 && good.adapter.total == 1)
        // Only judged cells are credited: the SKIP, the UNSUPPORTED and the adapter's cell are not.
        #expect(good.credited == [.client: 2])
        #expect(good.credited.values.reduce(0, +) == good.total.judged)
        #expect(good.shortfalls.isEmpty, "the adapter's failure is not the client's shortfall")
        let markdown = report.summaryMarkdown()
        #expect(
            markdown.contains("| good | good 1.2 (TLS / 3) | 2 | 2 | 0 | 0 | 0 | 1 | 1 | 2 + 0 | 1: 1 FAIL | — |"),
            "\(markdown)")
        let matrix = report.markdown()
        #expect(matrix.contains("| `tls-pin-mismatch` | FAIL (adapter) |"), "\(matrix)")
        #expect(
            matrix.contains("- **good** × `tls-pin-mismatch`: adapter: pins.sh (check_pin): the library has no pinning")
        )
        #expect(matrix.contains("- **good** × `ntlm`: configured: --anyauth"))
        // The heat map's pinning cell of good counts none of the adapter's cells.
        #expect(
            report.heatMapSVG.contains("good × pinning: 0 PASS, 0 FAIL"), "the adapter's FAIL is not in the heat map")
    }

    @Test("the summary rewrites only its section of a page, and a page without markers is not touched")
    func section() throws {
        let page =
            "# Title\n\nBefore.\n\n\(ConformanceReport.summaryBegin)\nold\n\(ConformanceReport.summaryEnd)\n\nAfter.\n"
        let updated = try #require(ConformanceReport.replacingSummary(in: page, with: "new\n"))
        #expect(
            updated
                == "# Title\n\nBefore.\n\n\(ConformanceReport.summaryBegin)\nnew\n\(ConformanceReport.summaryEnd)\n\nAfter.\n"
        )
        #expect(ConformanceReport.replacingSummary(in: "# Hand-written\n", with: "new\n") == nil)
        #expect(
            ConformanceReport.replacingSummary(
                in: ConformanceReport.summaryEnd + ConformanceReport.summaryBegin, with: "x") == nil)
    }

    @Test("the heat map is well-formed SVG with a cell per client and area, and escapes names")
    func heatMap() throws {
        let svg = Self.report.heatMapSVG
        final class Counter: NSObject, XMLParserDelegate {
            var rectangles = 0
            var texts: [String] = []
            var inText = false
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "rect" { rectangles += 1 }
                inText = name == "text"
                if inText { texts.append("") }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if inText { texts[texts.count - 1] += string }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                if name == "text" { inText = false }
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        // The background, then one rectangle per client and area.
        #expect(counter.rectangles == 1 + 2 * ConformanceArea.allCases.count)
        #expect(counter.texts.contains("careless<&>"))
        #expect(counter.texts.contains("0/1") && counter.texts.contains("1/1") && counter.texts.contains("skip"))
    }
}
