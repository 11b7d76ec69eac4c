import Foundation
import MockAuthConformance
import MockAuthTestSupport
import Testing

@Suite("The conformance HTML page in a real headless browser")
struct ConformHTMLTests {
    /// Loads `page` in headless Chromium: the DOM after scripts ran, the console lines, a screenshot.
    func load(_ page: String, screenshot: String) async throws -> (dom: String, console: String) {
        let base = "chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
        let dom = try await Shell.run(
            #"\#(base) --enable-logging=stderr --v=0 --virtual-time-budget=5000 --dump-dom "file://\#(page)""#,
            timeout: 120)
        let shot = try await Shell.run(
            #"\#(base) --window-size=1400,1100 --screenshot="\#(screenshot)" "file://\#(page)""#, timeout: 120)
        #expect(shot.status == 0, "\(shot.error)")
        return (dom.output, dom.error)
    }

    /// Console lines that report a JavaScript error.
    func consoleErrors(_ console: String) -> [String] {
        console.split(separator: "\n").map(String.init).filter { line in
            line.contains("CONSOLE")
                && (line.contains("Uncaught") || line.contains(":ERROR:") || line.contains("Error:"))
        }
    }

    @Test(
        "the page renders the summary per client, the heat map and every cell with no console errors, and a screenshot is taken"
    )
    func rendersCleanly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-html-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let page = directory + "/index.html"
        let json = directory + "/results.json"
        let run = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--client",
                "curl=\(ConformCommandTests.adapters)/curl.sh", "--client", "never=exit 1", "--html", page, "--json",
                json,
            ], timeout: 300)
        try #require(run.status == 0, "\(run.error)")
        let report = try ConformanceReport(json: try Data(contentsOf: URL(fileURLWithPath: json)))

        // Kept for people to look at: the path is in the test output.
        let screenshot = MockAuthDBinary.productsDirectory.appendingPathComponent("conformance-screenshot.png").path
        let (dom, console) = try await load(page, screenshot: screenshot)
        #expect(consoleErrors(console).isEmpty, "console errors: \(consoleErrors(console))")
        #expect(dom.contains(#"data-rendered="\#(report.results.count)""#), "the script did not render every cell")
        #expect(dom.contains(#"class="cell fail""#) && dom.contains(#"class="cell pass""#))
        #expect(dom.contains("tls-expired") && dom.contains("<option value=\"digest\">digest</option>"))
        // The summary per client and the heat map sit above the matrix, with the counts of the report.
        #expect(dom.contains(#"<table id="client-summary">"#), "no summary table")
        for summary in report.summaries {
            let row =
                "<tr><td>\(summary.client)</td><td>—</td><td class=\"count\">\(summary.total.judged)</td>"
                + "<td class=\"count pass\">\(summary.total.pass)</td>"
            #expect(dom.contains(row), "no summary row \(row)")
        }
        let never = try #require(report.summaries.last)
        #expect(never.client == "never" && never.total.pass == 0 && never.total.judged > 0)
        #expect(dom.contains("<svg") && dom.contains(">HTTP/2</text>"), "no heat map")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 10_000, "no screenshot at \(screenshot)")
        print("conformance page screenshot: \(screenshot)")
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test("the console check catches a page whose script fails")
    func catchesBrokenPages() async throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).html")
            .path
        defer { try? FileManager.default.removeItem(atPath: page) }
        try "<!DOCTYPE html><html><body><script>null.render();</script></body></html>"
            .write(toFile: page, atomically: true, encoding: .utf8)
        let (_, console) = try await load(page, screenshot: page + ".png")
        try? FileManager.default.removeItem(atPath: page + ".png")
        #expect(!consoleErrors(console).isEmpty, "a TypeError went unnoticed: \(console)")
    }
}
