import Foundation
import MockAuthConformance
import MockAuthTestSupport
import Testing

@Suite("The conformance site in a real headless browser")
struct ConformanceSiteBrowserTests {
    @Test(
        "the index, a client page and a scenario page load from file:// with no console errors and show their cells"
    )
    func pagesRender() async throws {
        let directory = try ConformanceSiteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceSiteTests.report
        let site = ConformanceSite(report: report, about: ConformanceSiteTests.about)
        try site.write(to: directory)
        let browser = ConformHTMLTests()
        // Kept for people to look at: the paths are in the test output.
        func load(_ path: String, _ name: String) async throws -> String {
            let screenshot = MockAuthDBinary.productsDirectory.appendingPathComponent("conformance-site-\(name).png")
                .path
            let (dom, console) = try await browser.load(directory + "/" + path, screenshot: screenshot)
            #expect(
                browser.consoleErrors(console).isEmpty, "\(path): console errors: \(browser.consoleErrors(console))")
            #expect(!console.contains("ERR_FILE_NOT_FOUND"), "\(path): a resource is missing: \(console)")
            let size =
                (try? FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? NSNumber)?.intValue ?? 0
            #expect(size > 10_000, "no screenshot at \(screenshot)")
            print("conformance site screenshot: \(screenshot)")
            // The hostile names stay text: no element the report's strings could have made.
            #expect(!dom.contains("<script") && !dom.contains("<img") && !dom.contains("<b>"), "\(path): markup leaked")
            return dom
        }

        let index = try await load("index.html", "index")
        #expect(index.contains(#"<table id="client-summary">"#), "no summary table")
        #expect(index.contains("<svg") && index.contains(">HTTP/2</text>"), "no heat map")
        for client in site.clients { #expect(index.contains(#"href="\#(site.clientPath(client))""#)) }
        for scenario in site.scenarios { #expect(index.contains(#"href="\#(site.scenarioPath(scenario))""#)) }
        #expect(index.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; 'q'"), "the hostile client's name")

        let hostile = ConformanceSiteTests.hostileClient
        let client = try await load(site.clientPath(hostile), "client")
        let cells = report.results.filter { $0.client == hostile }
        #expect(client.components(separatedBy: "<article ").count - 1 == cells.count, "not every cell is shown")
        #expect(client.contains("Version (read during the run): v&lt;1&gt;"))
        for cell in cells {
            #expect(client.contains(#"class="outcome \#(cell.result.rawValue)">\#(cell.result.label)</span>"#))
        }
        #expect(client.contains("What the servers saw:") && client.contains("GET /&lt;x&gt;&amp;y → 401"))

        let scenario = try await load(site.scenarioPath("tls-expired"), "scenario")
        let rows = report.results.filter { $0.scenario == "tls-expired" }
        #expect(scenario.components(separatedBy: "<tr id=\"c-").count - 1 == rows.count, "not every client is shown")
        #expect(scenario.contains("An expired &lt;certificate&gt; &amp; \"nothing else\"."), "no summary")
        for cell in rows {
            #expect(scenario.contains(#"class="outcome \#(cell.result.rawValue)">\#(cell.result.label)</span>"#))
        }
    }
}
