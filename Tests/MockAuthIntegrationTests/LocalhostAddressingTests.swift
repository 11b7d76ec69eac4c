import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// ``ServerAddressing/localhost``: the URLs name `localhost` (what App Transport Security lets an
/// app reach without exceptions), the servers listen on both loopback addresses, cross-host
/// scenarios keep two hosts, and proxies reach their origins by the name; tried with curl over IPv4
/// and IPv6, in-process and through `serve --host-name localhost --host-name 127.0.0.1`.
@Suite("Scenarios reached as localhost")
struct LocalhostAddressingTests {
    /// curl with the run's anchor, forced to one address family (`-4`, `-6`).
    static func curl(_ family: String, _ url: String, caFile: String, _ extra: [String] = []) async throws
        -> CommandResult
    {
        try await Shell.execute(
            ["/usr/bin/env", "curl", "-sS", "-o", "/dev/null", "--max-time", "10", family, "--cacert", caFile]
                + extra + [url])
    }

    @Test(
        "tls-valid: https://localhost:PORT/, served on 127.0.0.1 and ::1, the certificate names localhost",
        .needs(.curl))
    func tlsValid() async throws {
        var families: [String] = []
        let verdict = try await withScenario("tls-valid", addressing: .localhost) { run in
            let origin = try #require(run.server.endpoint("origin"))
            #expect(run.url == "https://localhost:\(origin.port)/")
            let caFile = try #require(run.environment["MOCKAUTH_CA_FILE"])
            #expect(try await Self.curl("-4", run.url, caFile: caFile).status == 0)
            families.append("-4")
            if origin.listensOnIPv6 {
                #expect(try await Self.curl("-6", run.url, caFile: caFile).status == 0)
                families.append("-6")
            }
        }
        verdict.expectPassed()
        #expect(families.contains("-4"))
    }

    @Test("redirect-cross-host keeps two hosts: the origin is localhost, the other host 127.0.0.1", .needs(.curl))
    func crossHost() async throws {
        let verdict = try await withScenario("redirect-cross-host", addressing: .localhost) { run in
            #expect(run.server.endpoint("origin")?.urlHost == "localhost")
            #expect(run.server.endpoint("other")?.urlHost == "127.0.0.1")
            let caFile = try #require(run.environment["MOCKAUTH_CA_FILE"])
            let account = try #require(run.material.credentials)
            // curl drops Authorization on a redirect to another host: the careful client.
            let fetched = try await Self.curl(
                "-4", run.url, caFile: caFile, ["--location", "-u", "\(account.username):\(account.password)"])
            #expect(fetched.status == 0, "\(fetched.error)")
        }
        verdict.expectPassed()
    }

    @Test("a scenario of one host on localhost (cookie-returned) stays localhost: plain HTTP that ATS allows")
    func singleHostOnLocalhost() async throws {
        let scenario = try ScenarioCatalog.bundled.load("cookie-returned")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario, addressing: .localhost)
            teardown.add { await run.shutdown() }
            #expect(run.url.hasPrefix("http://localhost:"), "\(run.url)")
        }
    }

    @Test("proxy-connect: the proxy is reached as localhost and tunnels to the origin by that name", .needs(.curl))
    func proxy() async throws {
        let verdict = try await withScenario("proxy-connect", addressing: .localhost) { run in
            let proxy = try #require(run.material.proxy)
            #expect(proxy.url.hasPrefix("http://localhost:"), "\(proxy.url)")
            let account = try #require(proxy.credentials)
            let caFile = try #require(run.environment["MOCKAUTH_CA_FILE"])
            let fetched = try await Self.curl(
                "-4", run.url, caFile: caFile,
                ["--proxy", proxy.url, "--proxy-user", "\(account.username):\(account.password)"])
            #expect(fetched.status == 0, "\(fetched.error)")
            let connects = run.transcript().requests(to: "proxy").map { $0.request.summary }
            #expect(connects.contains { $0.hasPrefix("CONNECT localhost:") }, "\(connects)")
        }
        verdict.expectPassed()
    }

    @Test(
        "serve --host-name localhost --host-name 127.0.0.1: the runs' URLs name localhost, and curl reaches them",
        .needs(.curl))
    func serve() async throws {
        try await ServeProcess.with([
            "tls-valid", "redirect-cross-host", "--host-name", "localhost", "--host-name", "127.0.0.1",
        ]) {
            serve in
            let endpoints = try serve.endpoints()
            let scenarios = endpoints["scenarios"] as? [[String: Any]] ?? []
            let urls = scenarios.compactMap { $0["url"] as? String }
            #expect(urls.count == 2 && urls.allSatisfy { $0.hasPrefix("https://localhost:") }, "\(urls)")
            let caFile = try #require(endpoints["caFile"] as? String)
            let valid = try #require(scenarios.first { $0["scenario"] as? String == "tls-valid" }?["url"] as? String)
            #expect(try await Self.curl("-4", valid, caFile: caFile).status == 0)
            let (status, output) = await serve.stop()
            #expect(status == 0, "\(output)")
            #expect(!output.contains("warning:"), "localhost is loopback: no warning")
        }
    }
}
