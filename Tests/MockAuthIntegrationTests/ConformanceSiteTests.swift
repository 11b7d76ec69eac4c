import Foundation
import MockAuth
import MockAuthConformance
import MockAuthTestSupport
import Testing

@Suite("The conformance matrix as a static site")
struct ConformanceSiteTests {
    static let hostileClient = #"<script>alert("x")</script> & 'q'"#
    static let hostileScenario = #"cookie <b>"jar"</b> & more"#
    static let hostileReason = #"refused <img src=x onerror=alert(1)> & "quoted" 'single'"#

    /// Five clients (one of them named to break HTML, one differing from another only in case, one a
    /// path) over five scenarios (one hostile, one hidden-looking, one in no area), every cell but
    /// one present, with every outcome and credit.
    static let report: ConformanceReport = {
        let clients = ["curl", hostileClient, "Curl", "../../etc/passwd", "a b"]
        let scenarios = [
            ("tls-expired", ["tls", "expiry"]), ("basic", ["auth", "basic"]), (hostileScenario, ["cookie"]),
            (".hidden", ["tls", "hostname"]), ("misc-thing", ["misc"]),
        ]
        let outcomes = VerdictResult.allCases
        var cells: [ConformanceCell] = []
        for (row, client) in clients.enumerated() {
            for (column, (scenario, tags)) in scenarios.enumerated() {
                if client == "a b" && scenario == "basic" { continue }  // the missing cell
                let result = outcomes[(row + column) % outcomes.count]
                let credit = Credit.allCases[(row * 2 + column) % Credit.allCases.count]
                cells.append(
                    ConformanceCell(
                        client: client, scenario: scenario, result: result,
                        reason: "\(client) on \(scenario): \(hostileReason)", tags: tags, exitStatus: 1,
                        milliseconds: 10 * row + column,
                        details: "\(scenario): \(result.label)\n  ✗ rule: \(hostileReason)\n\nWhat the servers saw:\n"
                            + "  #1 origin TLS completed\n      GET /<x>&y → 401",
                        credit: credit, creditNote: credit == .client ? nil : "set by the <adapter> & \"why\""))
            }
        }
        return ConformanceReport(
            clients: clients, scenarios: scenarios.map(\.0), results: cells, seconds: 12.5,
            versions: ["curl": "curl 7.88.1 <OpenSSL/3.0> & co", hostileClient: "v<1>"])
    }()

    static let about: [String: ScenarioAbout] = [
        "tls-expired": ScenarioAbout(
            summary: "An expired <certificate> & \"nothing else\".", description: "The origin's certificate expired.",
            control: "basic")
    ]

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("conform-site-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The `href` and `src` values of `page`.
    static func links(_ page: String) -> [String] {
        page.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
    }

    /// The element of `page` whose id is `id`, from its opening tag to `end`.
    static func element(_ id: String, in page: String, end: String) -> Substring? {
        guard let start = page.range(of: #"id="\#(id)""#) else { return nil }
        let rest = page[start.lowerBound...]
        return rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)]
    }

    @Test("file names are safe, unique even ignoring case, and stable whatever the other names are")
    func fileNames() throws {
        let site = ConformanceSite(report: Self.report)
        let paths = site.files.map(\.path)
        #expect(paths.count == 2 + 5 + 5)
        #expect(Array(paths.prefix(2)) == ["index.html", "style.css"])
        for path in paths.dropFirst(2) {
            #expect(path.wholeMatch(of: /(clients|scenarios)\/[a-z0-9_-]+\.html/) != nil, "unsafe: \(path)")
        }
        #expect(Set(paths.map { $0.lowercased() }).count == paths.count, "two pages share a file: \(paths)")
        // The names already safe are their own file names.
        #expect(site.clientPath("curl") == "clients/curl.html")
        #expect(site.scenarioPath("tls-expired") == "scenarios/tls-expired.html")
        #expect(site.clientPath("Curl") != site.clientPath("curl"))
        #expect(site.clientPath("Curl").hasPrefix("clients/curl-"))
        #expect(site.clientPath("../../etc/passwd").hasPrefix("clients/etc-passwd-"))
        #expect(site.scenarioPath(".hidden").hasPrefix("scenarios/hidden-"))
        // A stem depends on its name alone.
        for name in ["a b", "Curl", Self.hostileClient, "", "ü"] {
            #expect(SiteFileNames(["x", "y z", name])[name] == SiteFileNames([name])[name])
            #expect(SiteFileNames.stem(name) == SiteFileNames.stem(name))
            #expect(SiteFileNames.stem(name).wholeMatch(of: /[a-z0-9_-]+-[0-9a-f]{8}/) != nil, "\(name)")
        }
        // A long name is cut, and keeps its hash.
        let long = String(repeating: "x", count: 300)
        #expect(SiteFileNames.stem(long).count == SiteFileNames.maximumLength + 9)
        // A name spelled as another's mapped stem still gets a file of its own.
        let mapped = SiteFileNames.stem("a b")
        let names = SiteFileNames(["a b", mapped])
        #expect(names["a b"] == mapped && names[mapped] == mapped + "-2")
    }

    @Test("everything from the report is escaped: no name, reason, note or version becomes markup")
    func escaping() throws {
        let site = ConformanceSite(report: Self.report, about: Self.about)
        for file in site.files {
            for raw in [
                "<script", "<img", "<b>", "<adapter>", "<OpenSSL", "<certificate>", "<x>&y", "v<1>",
            ] {
                #expect(!file.contents.contains(raw), "\(file.path) holds \(raw) unescaped")
            }
        }
        // Nothing is fetched from elsewhere: no script, no import, no URL in the stylesheet.
        let stylesheet = try #require(site.files.first { $0.path == "style.css" })
        #expect(!stylesheet.contents.contains("url(") && !stylesheet.contents.contains("@import"))
        let client = try #require(site.files.first { $0.path == site.clientPath(Self.hostileClient) })
        #expect(client.contents.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;"))
        #expect(client.contents.contains("<p class=\"version\">Version (read during the run): v&lt;1&gt;</p>"))
        #expect(client.contents.contains("set by the &lt;adapter&gt; &amp; &quot;why&quot;"))
        let index = try #require(site.files.first { $0.path == "index.html" })
        #expect(index.contents.contains("curl 7.88.1 &lt;OpenSSL/3.0&gt; &amp; co"))
    }

    @Test("every cell is on its client's page and its scenario's page, with its outcome, credit and reason")
    func everyCellTwice() throws {
        let site = ConformanceSite(report: Self.report, about: Self.about)
        let pages = Dictionary(uniqueKeysWithValues: site.files.map { ($0.path, $0.contents) })
        let names = (clients: SiteFileNames(site.clients), scenarios: SiteFileNames(site.scenarios))
        for cell in Self.report.results {
            let reason = xmlEscaped(cell.reason)
            let clientPage = try #require(pages[site.clientPath(cell.client)])
            let article = try #require(
                Self.element("s-\(names.scenarios[cell.scenario])", in: clientPage, end: "</article>"),
                "\(cell.client) × \(cell.scenario) is not on the client's page")
            #expect(article.contains(#"class="outcome \#(cell.result.rawValue)">\#(cell.result.label)<"#))
            #expect(article.contains(reason) && article.contains("What the servers saw:"))
            #expect(article.contains(#"href="../\#(site.scenarioPath(cell.scenario))""#))
            #expect(article.contains(cell.credit == .adapter ? "the adapter" : "the client"))
            #expect(!article.contains("\(xmlEscaped(cell.scenario)): \(cell.result.label)\n"), "the excerpt repeats")

            let scenarioPage = try #require(pages[site.scenarioPath(cell.scenario)])
            let row = try #require(
                Self.element("c-\(names.clients[cell.client])", in: scenarioPage, end: "</tr>"),
                "\(cell.client) × \(cell.scenario) is not on the scenario's page")
            #expect(row.contains(#"class="outcome \#(cell.result.rawValue)">\#(cell.result.label)<"#))
            #expect(row.contains(reason))
            #expect(row.contains(#"href="../\#(site.clientPath(cell.client))#s-\#(names.scenarios[cell.scenario])""#))
            if let note = cell.creditNote { #expect(row.contains(xmlEscaped(note))) }
        }
        // Each client page holds its cells grouped by area, with the client's version.
        let curl = try #require(pages["clients/curl.html"])
        #expect(curl.contains("Version (read during the run): curl 7.88.1"))
        let areas = ["trust", "names", "auth schemes", "redirects and leaks", "other"]
        let headings = areas.compactMap { curl.range(of: "<h2>\($0) ")?.lowerBound }
        #expect(headings.count == areas.count && headings == headings.sorted(), "areas out of order")
        #expect(curl.components(separatedBy: "<article ").count - 1 == 5)
        // The missing cell says so; the scenario's summary, tags and control are shown when known.
        let basic = try #require(pages["scenarios/basic.html"])
        #expect(basic.contains("no cell for this scenario in the report"))
        let expired = try #require(pages["scenarios/tls-expired.html"])
        #expect(expired.contains("An expired &lt;certificate&gt; &amp; &quot;nothing else&quot;."))
        #expect(expired.contains(#"<a href="../scenarios/basic.html">basic</a>"#))
        #expect(expired.contains(#"<span class="tag">expiry</span>"#))
        #expect(!basic.contains(#"class="about summary""#), "a summary without the catalog")
    }

    @Test("every link of every page resolves to a file of the site and to an id on it")
    func linksResolve() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = ConformanceSite(report: Self.report, about: Self.about)
        try site.write(to: directory)
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        var linked: Set<String> = []
        for file in site.files where file.path.hasSuffix(".html") {
            let page = root.appendingPathComponent(file.path)
            let written = try String(contentsOf: page, encoding: .utf8)
            #expect(written == file.contents)
            for link in Self.links(written) {
                #expect(!link.hasPrefix("/") && !link.contains(":"), "\(file.path): not relative: \(link)")
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                // `#id` alone is on the page itself.
                let target =
                    parts[0].isEmpty
                    ? page : page.deletingLastPathComponent().appendingPathComponent(String(parts[0])).standardized
                #expect(target.path.hasPrefix(root.standardized.path + "/"), "\(file.path): leaves the site: \(link)")
                let text = try? String(contentsOf: target, encoding: .utf8)
                #expect(text != nil, "\(file.path) links to \(link), which is not a file")
                if parts.count == 2, let text {
                    #expect(text.contains(#"id="\#(parts[1])""#), "\(file.path) links to \(link): no such id")
                }
                linked.insert(String(target.path.dropFirst(root.standardized.path.count + 1)))
            }
        }
        // The index links every page; every page links the stylesheet.
        #expect(
            linked == Set(site.files.map(\.path)),
            "pages nothing links: \(Set(site.files.map(\.path)).subtracting(linked))")
        let index = try String(contentsOf: root.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            Set(Self.links(index)).isSuperset(
                of: site.clients.map(site.clientPath) + site.scenarios.map(site.scenarioPath)))

        // Written again for fewer clients, the old pages go; what the writer did not write stays.
        try "keep".write(toFile: directory + "/clients/notes.txt", atomically: true, encoding: .utf8)
        var fewer = Self.report
        fewer.clients = ["curl"]
        fewer.results = fewer.results.filter { $0.client == "curl" }
        try ConformanceSite(report: fewer).write(to: directory)
        let clients = try FileManager.default.contentsOfDirectory(atPath: directory + "/clients").sorted()
        #expect(clients == ["curl.html", "notes.txt"])
    }

    @Test("conform site writes the site from a report file, with the catalog's summaries; a bad report exits 2")
    func command() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/results.json"
        try Self.report.jsonData().write(to: URL(fileURLWithPath: report))
        let out = directory + "/site"
        let run = try await Shell.execute(
            [MockAuthDBinary.path, "conform", "site", report, "--out", out, "--scenarios", MockAuthDBinary.scenarios])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.contains("5 client pages, 5 scenario pages"))
        let expired = try String(contentsOfFile: out + "/scenarios/tls-expired.html", encoding: .utf8)
        let catalog = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-expired")
        #expect(expired.contains(xmlEscaped(catalog.summary)), "no summary from the catalog")
        #expect(FileManager.default.fileExists(atPath: out + "/clients/curl.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/style.css"))

        let missing = try await Shell.execute([
            MockAuthDBinary.path, "conform", "site", directory + "/none.json", "--out", out,
        ])
        #expect(
            missing.status == 2 && missing.error.contains("no report at \(directory)/none.json"), "\(missing.error)")
        try "<html>".write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try await Shell.execute([
            MockAuthDBinary.path, "conform", "site", directory + "/bad.json", "--out", out,
        ])
        #expect(bad.status == 2 && bad.error.contains("is not a conform --json report"), "\(bad.error)")
        let folder = try await Shell.execute([MockAuthDBinary.path, "conform", "site", directory, "--out", out])
        #expect(folder.status == 2 && folder.error.contains("is a directory, not a report"), "\(folder.error)")
        // Nowhere to write: a harness failure, naming what is in the way.
        let blocked = try await Shell.execute([
            MockAuthDBinary.path, "conform", "site", report, "--out", report + "/site",
        ])
        #expect(
            blocked.status == 3 && blocked.error.contains("\(report) is a file, not a directory"), "\(blocked.error)")
        let noOut = try await Shell.execute([MockAuthDBinary.path, "conform", "site", report])
        #expect(noOut.status == 2 && noOut.error.contains("--out"), "\(noOut.error)")
    }

    /// `text` escaped as the pages escape it.
    func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
