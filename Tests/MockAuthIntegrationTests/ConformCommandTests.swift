import Foundation
import MockAuthClients
import MockAuthConformance
import MockAuthTestSupport
import Testing

@Suite("mockauthd conform")
struct ConformCommandTests {
    static let adapters = MockAuthDBinary.repositoryRoot.appendingPathComponent("Conformance/adapters").path

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `mockauthd conform` over the repository's catalog; returns the result and the JSON report.
    func conform(_ arguments: [String], directory: String) async throws -> (CommandResult, ConformanceReport?) {
        let json = directory + "/results.json"
        let result = try await Shell.execute(
            [MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--json", json] + arguments,
            timeout: 300)
        let report = FileManager.default.contents(atPath: json).flatMap { try? ConformanceReport(json: $0) }
        return (result, report)
    }

    @Test(
        "a defective curl (-k, --location-trusted, preemptive Basic) fails exactly where it should, for the right reasons"
    )
    func defectiveCurl() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (result, report) = try await conform(
            [
                "--client", "defective=\(Self.adapters)/curl-defective.sh", "--tag", "tls", "--tag", "redirect",
                "--tag", "leak",
            ],
            directory: directory)
        #expect(result.status == 0, "\(result.error)")
        let cells = try #require(report).results
        let failed = Set(cells.filter { $0.result == .fail }.map(\.scenario))
        #expect(
            failed == [
                "tls-self-signed", "tls-expired", "tls-expired-rsa", "tls-not-yet-valid", "tls-wrong-host",
                "tls-untrusted-root", "tls-incomplete-chain", "tls-missing-san", "tls-missing-san-localhost",
                "tls-pin-mismatch",
                "tls-client-cert-required", "basic-no-preemptive", "redirect-cross-host", "redirect-cross-port",
                "redirect-https-to-http", "redirect-chain-return", "redirect-back-to-origin",
                "protection-space-isolation", "digest-second-origin", "redirect-bearer-cross-host",
                // --location-trusted: the OAuth client's access token follows the redirect too.
                "bearer-token-cross-host-redirect",
                "redirect-cookie-cross-host", "redirect-custom-header-cross-host", "redirect-303-drops-body",
                "proxy-connect-digest", "proxy-connect-ntlm", "tls-ip-in-dns-san", "tls-wildcard-two-labels",
                "tls-wildcard-public-suffix", "tls-pin-wrong-host", "tls-pin-expired", "tls-expired-intermediate",
                "tls-leaf-client-auth-eku-only", "tls-pathlen-exceeded", "tls-unknown-critical-extension",
                "tls-name-constraints-violated", "tls-wildcard-partial-label", "tls-idn-deviation", "tls-sha1-leaf",
                "tls-rsa-1024", "tls-client-cert-selection",
                // --proxy-insecure: it accepts any certificate from an HTTPS proxy.
                "proxy-https-expired", "proxy-https-wrong-host",
                // No --hsts: it requests the http:// URL of an HSTS host in plain text.
                "hsts-upgrade",
                // Preemptive Basic: the password goes to a server whose 401 names no scheme.
                "challenge-missing",
                // -k through a SOCKS5 tunnel: the origin's expired certificate, accepted all the same.
                "socks5-tls-expired",
            ], "\(cells.map { "\($0.scenario): \($0.result.label) \($0.reason)" }.joined(separator: "\n"))")
        let expired = cells.first { $0.scenario == "tls-expired" }
        #expect(expired?.reason.contains("over a certificate that expired 2 days ago") == true)
        let redirect = cells.first { $0.scenario == "redirect-cross-host" }
        #expect(redirect?.reason.contains("received Authorization (Basic)") == true)
        for (scenario, reason) in [
            ("redirect-bearer-cross-host", "received Authorization (Bearer) with GET /landing"),
            ("redirect-cookie-cross-host", "received Cookie with GET /landing"),
            ("redirect-303-drops-body", "POST /result was answered 200 but should have been a GET"),
            ("proxy-connect-digest", "carried Proxy-Authorization (Basic) before proxy had sent any challenge"),
        ] {
            #expect(cells.first { $0.scenario == scenario }?.reason.contains(reason) == true, "\(scenario)")
        }
        let preemptive = cells.first { $0.scenario == "basic-no-preemptive" }
        #expect(preemptive?.reason.contains("before origin had sent any challenge") == true)
    }

    @Test("an adapter that always fails is INCONCLUSIVE, never PASS, on every rejection scenario")
    func alwaysFails() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, report) = try await conform(["--client", "never=exit 1", "--tag", "tls"], directory: directory)
        let cells = try #require(report).results
        #expect(!cells.contains { $0.result == .pass }, "\(cells.filter { $0.result == .pass }.map(\.scenario))")
        for scenario in ["tls-expired", "tls-self-signed", "tls-untrusted-root", "tls-wrong-host", "tls-pin-mismatch"] {
            #expect(cells.first { $0.scenario == scenario }?.result == .inconclusive, "\(scenario)")
        }
    }

    @Test(
        "a client that refuses everything is not credited: its rejections are INCONCLUSIVE because it fails the control"
    )
    func wrongReason() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Connects, but trusts nothing: refuses every certificate, the valid ones included.
        let (_, report) = try await conform(
            ["--client", #"paranoid=curl -sS -o /dev/null --max-time 10 "$MOCKAUTH_URL""#, "--tag", "tls"],
            directory: directory)
        let cells = try #require(report).results
        #expect(cells.first { $0.scenario == "tls-valid" }?.result == .fail)
        let expired = cells.first { $0.scenario == "tls-expired" }
        #expect(expired?.result == .inconclusive)
        #expect(expired?.reason.contains("also fails the control tls-valid") == true, "\(expired?.reason ?? "")")
    }

    @Test("preconditions: a client that sends no cookie back is INCONCLUSIVE, naming the step; one that leaks FAILs")
    func preconditions() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let everywhere = directory + "/everywhere.sh", jarless = directory + "/jarless.sh"
        try curlSendingEveryCookie.write(toFile: everywhere, atomically: true, encoding: .utf8)
        try curlKeepingNoCookies.write(toFile: jarless, atomically: true, encoding: .utf8)
        let (result, report) = try await conform(
            ["--client", "jarless=bash \(jarless)", "--client", "everywhere=bash \(everywhere)", "--tag", "cookie"],
            directory: directory)
        #expect(result.status == 0, "\(result.error)")
        let cells = try #require(report).results
        func cell(_ client: String, _ scenario: String) -> ConformanceCell? {
            cells.first { $0.client == client && $0.scenario == scenario }
        }
        #expect(cell("jarless", "cookie-returned")?.result == .fail)
        for scenario in ["cookie-path-scoped", "cookie-deleted"] {
            let declined = cell("jarless", scenario)
            #expect(declined?.result == .inconclusive, "\(scenario): \(declined?.reason ?? "")")
            #expect(
                declined?.reason.contains("none carried cookie sid, which a server set, so whether it") == true,
                "\(scenario): \(declined?.reason ?? "")")
        }
        for scenario in [
            "cookie-path-scoped", "cookie-deleted", "cookie-host-only", "cookie-secure-over-http",
            "cookie-public-suffix-domain",
        ] {
            #expect(
                cell("everywhere", scenario)?.result == .fail,
                "\(scenario): \(cell("everywhere", scenario)?.reason ?? "")")
        }
        #expect(cell("everywhere", "cookie-returned")?.result == .pass)
    }

    @Test("exit 89 and --lacks skip, with the reason")
    func skips() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, report) = try await conform(
            [
                "--client", #"picky=[ -n "${MOCKAUTH_CLIENT_CERT:-}" ] && exit 89; exit 1"#, "--lacks", "picky=pinning",
                "--tag", "tls",
            ], directory: directory)
        let cells = try #require(report).results
        #expect(cells.first { $0.scenario == "tls-client-cert-required" }?.result == .skip)
        #expect(cells.first { $0.scenario == "tls-client-cert-required" }?.reason.contains("exit 89") == true)
        #expect(cells.first { $0.scenario == "tls-pin-mismatch" }?.reason == "picky lacks pinning")
    }

    @Test(
        "a PASS in the baseline that is anything else now is a regression, SKIP and INCONCLUSIVE included",
        arguments: [VerdictResult.fail, .error, .skip, .inconclusive])
    func everyLossOfAPassIsARegression(_ now: VerdictResult) {
        let baseline = Baseline(
            results: [
                .init(client: "c", scenario: "tls-expired", result: .pass),
                .init(client: "c", scenario: "basic", result: .fail),
            ], deviations: [])
        func report(_ expired: VerdictResult, _ basic: VerdictResult) -> ConformanceReport {
            ConformanceReport(
                clients: ["c"], scenarios: ["tls-expired", "basic"],
                results: [
                    ConformanceCell(client: "c", scenario: "tls-expired", result: expired, reason: "now", tags: []),
                    ConformanceCell(client: "c", scenario: "basic", result: basic, reason: "now", tags: []),
                ], seconds: 0)
        }
        #expect(
            baseline.regressions(in: report(now, .fail)).map(\.description) == [
                "c × tls-expired: PASS → \(now.label): now"
            ])
        // Anything that was not a PASS may change without a regression; a PASS that stays is fine.
        #expect(baseline.regressions(in: report(.pass, now)).isEmpty)
        let accepted = Baseline(
            results: baseline.results,
            deviations: [.init(client: "c", scenario: "tls-expired", result: now, reason: "known")])
        #expect(accepted.regressions(in: report(now, .fail)).isEmpty)
    }

    @Test("--update-baselines: changed and new cells of the baseline's own clients, deviations kept")
    func updatedBaseline() throws {
        let deviation = Baseline.Deviation(client: "c", scenario: "basic", result: .fail, reason: "known")
        let stored = Baseline(
            results: [
                .init(client: "c", scenario: "tls-expired", result: .pass),
                .init(client: "c", scenario: "basic", result: .skip),
            ], deviations: [deviation])
        let report = ConformanceReport(
            clients: ["c", "other"], scenarios: ["basic", "tls-idn"],
            results: [
                ConformanceCell(client: "c", scenario: "basic", result: .pass, reason: "", tags: []),
                ConformanceCell(client: "c", scenario: "tls-idn", result: .fail, reason: "", tags: []),
                ConformanceCell(client: "other", scenario: "basic", result: .pass, reason: "", tags: []),
            ], seconds: 0)
        let updated = stored.updated(with: report)
        #expect(
            updated.results == [
                .init(client: "c", scenario: "basic", result: .pass, credit: .client),
                .init(client: "c", scenario: "tls-expired", result: .pass),
                .init(client: "c", scenario: "tls-idn", result: .fail, credit: .client),
            ])
        #expect(updated.deviations == [deviation])
        #expect(try Baseline(json: updated.jsonData()) == updated)
    }

    @Test("--update-baselines: a new, empty baseline file takes the client named like it, and only that one")
    func newBaselineFile() throws {
        let report = ConformanceReport(
            clients: ["node-fetch", "other"], scenarios: ["basic"],
            results: [
                ConformanceCell(client: "node-fetch", scenario: "basic", result: .fail, reason: "", tags: []),
                ConformanceCell(client: "other", scenario: "basic", result: .pass, reason: "", tags: []),
            ], seconds: 0)
        let empty = Baseline(results: [], deviations: [])
        #expect(empty.clients.isEmpty)
        let client = try #require(Baseline.newClient(forFile: "Conformance/baselines/node-fetch.json", in: report))
        #expect(client == "node-fetch")
        #expect(Baseline.newClient(forFile: "Conformance/baselines/unknown.json", in: report) == nil)
        let updated = empty.updated(with: report, adopting: [client])
        #expect(updated.results == [.init(client: "node-fetch", scenario: "basic", result: .fail, credit: .client)])
        #expect(updated.unexplained.map(\.scenario) == ["basic"])
        #expect(empty.updated(with: report).results.isEmpty)
    }

    @Test("a client that is not judged where it passed (here: told its library lacks TLS) fails the baseline gate")
    func skipAfterPassIsARegression() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = "\(Self.adapters)/curl.sh"
        let (first, report) = try await conform(
            ["--client", "c=\(good)", "--tag", "tls"], directory: directory)
        #expect(first.status == 0)
        try Data(try #require(report).jsonData()).write(to: URL(fileURLWithPath: directory + "/baseline.json"))
        let skipped = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--client", "c=\(good)",
                "--lacks", "c=tls", "--tag", "tls", "--baseline", directory + "/baseline.json",
            ], timeout: 300)
        #expect(skipped.status == 1, "\(skipped.output)")
        #expect(skipped.error.contains("c × tls-expired: PASS → UNSUPPORTED"), "\(skipped.error)")
    }

    @Test("a baseline fails the run on a PASS that became FAIL and is not a known deviation")
    func baseline() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = "\(Self.adapters)/curl.sh"
        let (first, report) = try await conform(["--client", "c=\(good)", "--tag", "tls"], directory: directory)
        #expect(first.status == 0)
        try Data(try #require(report).jsonData()).write(to: URL(fileURLWithPath: directory + "/baseline.json"))
        let same = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--client", "c=\(good)",
                "--tag", "tls",
                "--baseline", directory + "/baseline.json",
            ], timeout: 300)
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains("no regressions"))
        let worse = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--client",
                "c=\(Self.adapters)/curl-defective.sh", "--tag", "tls", "--baseline", directory + "/baseline.json",
            ], timeout: 300)
        #expect(worse.status == 1, "\(worse.output)")
        #expect(worse.error.contains("c × tls-expired: PASS → FAIL"), "\(worse.error)")
    }

    @Test("three shards merged give the unsharded run's cells, in its order; a shard given twice is refused")
    func shardsMerge() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clients = ["--client", "curl=\(Self.adapters)/curl.sh", "--client", "picky=exit 89", "--tag", "tls"]
        let (whole, unsharded) = try await conform(clients, directory: directory)
        #expect(whole.status == 0, "\(whole.error)")
        var shardFiles: [String] = []
        for index in 1...3 {
            let file = directory + "/shard-\(index).json"
            let result = try await Shell.execute(
                [MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--json", file]
                    + clients + ["--shard", "\(index)/3"], timeout: 300)
            #expect(result.status == 0, "\(result.error)")
            shardFiles.append(file)
        }
        let mergedFile = directory + "/merged.json"
        let merge = try await Shell.execute(
            [MockAuthDBinary.path, "conform", "merge", "--json", mergedFile] + shardFiles, timeout: 60)
        #expect(merge.status == 0, "\(merge.output)\(merge.error)")
        let merged = try ConformanceReport(json: Data(contentsOf: URL(fileURLWithPath: mergedFile)))
        let expected = try #require(unsharded)
        func cells(_ report: ConformanceReport) -> [String] {
            // Each run has its own ephemeral ports: reasons are compared without them.
            report.results.map {
                let reason = $0.reason.replacing(#/:[0-9]+/#, with: ":PORT")
                return "\($0.client) \($0.scenario) \($0.result) \(reason) \($0.exitStatus.map(String.init) ?? "-")"
            }
        }
        #expect(cells(merged) == cells(expected))
        #expect(merged.scenarios == expected.scenarios)
        #expect(merged.clients == expected.clients)
        #expect(expected.results.count > 10)

        let twice = try await Shell.execute(
            [MockAuthDBinary.path, "conform", "merge", shardFiles[0], shardFiles[0]], timeout: 60)
        #expect(twice.status == 2, "\(twice.output)")
        #expect(twice.error.contains("in more than one shard"), "\(twice.error)")
        let bad = try await Shell.execute(
            [MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--shard", "4/3"] + clients)
        #expect(bad.status == 2 && bad.error.contains("K/N"), "\(bad.error)")
    }

    @Test("JUnit XML has one test case per cell and parses")
    func junit() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let xml = directory + "/junit.xml"
        let (_, report) = try await conform(
            ["--client", "a=\(Self.adapters)/curl.sh", "--client", "b=exit 1", "--tag", "tls", "--junit", xml],
            directory: directory)
        let check = try await Shell.execute([
            "/usr/bin/env", "python3", "-c",
            """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == "testsuites", root.tag
            cases = root.findall("./testsuite/testcase")
            for suite in root.findall("testsuite"):
                counted = len(suite.findall("testcase"))
                assert int(suite.get("tests")) == counted
                assert int(suite.get("failures")) == len(suite.findall("testcase/failure"))
                assert int(suite.get("skipped")) == len(suite.findall("testcase/skipped"))
            print(len(cases))
            """,
            xml,
        ])
        #expect(check.status == 0, "\(check.error)")
        #expect(Int(check.output.trimmingCharacters(in: .whitespacesAndNewlines)) == report?.results.count)
    }
}
