import Foundation
import MockAuth
import MockAuthCommands
import MockAuthKerberos
import MockAuthTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run's realm is its own and ends with it: the KDC (`krb5kdc -n -r REALM`, in a process group of
/// its own) and the `mockauth-krb5-XXXXXX` directory with its database, keys and credential cache are
/// gone after the run, whether it ended, its client was stopped at the timeout, or `mockauthd check`
/// itself was interrupted; two runs side by side never share a realm or a KDC; nothing of it
/// reaches the machine's Kerberos configuration or the harness's own environment.
@Suite("Kerberos realms: one per run, and nothing left behind")
struct KerberosLifecycleTests {
    /// What the client of the `mockauthd` runs prints, for the test to read: its realm, how many of
    /// that realm's KDCs run and how many realm directories exist under TMPDIR. `krb5kd[c]` so that
    /// the pattern never matches a command line that holds the pattern itself.
    static let report = #"""
        realm=$(sed -n 's/^ *default_realm = //p' "$MOCKAUTH_KRB5_CONFIG")
        echo "REALM=$realm"
        echo "KDCS=$(pgrep -f "krb5kd[c] -n -r $realm" | wc -l | tr -d ' ')"
        echo "DIRS=$(ls -d "$TMPDIR"/mockauth-krb5-* 2>/dev/null | wc -l | tr -d ' ')"
        """#

    /// The rest of the first line of `output` that starts with `prefix`.
    static func value(of prefix: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// A marker no other process has: `sleep MARKER` processes are this test's.
    static func marker() -> Int { Int.random(in: 4_000_000...4_999_999) }

    /// A directory of its own for TMPDIR, where the runs of `mockauthd` make their realm directories;
    /// removed after `body`.
    static func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mockauth-krb5-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try await body(directory)
    }

    /// The realm directories under `directory`.
    static func realmDirectories(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasPrefix("mockauth-krb5-")
        }
    }

    /// The process IDs of `realm`'s KDCs.
    static func kdcs(of realm: String) async throws -> [Int32] {
        let result = try await Shell.run("pgrep -f 'krb5kd[c] -n -r \(realm)' || true")
        return result.output.split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `realm`'s KDCs still running, asked up to 50 times 100 ms apart: a KDC ended by a signal
    /// may take a moment to be gone from the process table. Bounded; no duration is asserted.
    static func kdcsLeft(of realm: String) async throws -> [Int32] {
        var left = try await kdcs(of: realm)
        for _ in 0..<50 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            left = try await kdcs(of: realm)
        }
        return left
    }

    /// `mockauthd check negotiate-kerberos` with `client` (after ``report``) as its `sh -c` client.
    static func checkArguments(client: String, timeout: Int) -> [String] {
        [
            MockAuthDBinary.path, "check", "negotiate-kerberos", "--scenarios", MockAuthDBinary.scenarios,
            "--skip-control", "--timeout", "\(timeout)", "--", "/bin/sh", "-c", report + "\n" + client,
        ]
    }

    /// What a run reported, and whether its realm then left anything.
    struct Leftovers {
        var realm: String
        var kdcsDuring: Int?
        var directoriesDuring: Int?
        var kdcsAfter: [Int32]
        var directoriesAfter: [String]
    }

    static func leftovers(output: String, temporaryDirectory: String) async throws -> Leftovers {
        let realm = try #require(value(of: "REALM=", in: output), "the client never reported its realm: \(output)")
        #expect(realm.hasPrefix("MOCKAUTH-") && realm.hasSuffix(".TEST"), "\(realm)")
        return Leftovers(
            realm: realm, kdcsDuring: value(of: "KDCS=", in: output).flatMap { Int($0) },
            directoriesDuring: value(of: "DIRS=", in: output).flatMap { Int($0) },
            kdcsAfter: try await kdcsLeft(of: realm), directoriesAfter: realmDirectories(in: temporaryDirectory))
    }

    @Test("a run that ends: its KDC ran and its directory existed while the client ran, and neither is left")
    func afterShutdown() async throws {
        try await Tool.require(.kerberos)
        try await Self.withTemporaryDirectory { temporary in
            let result = try await Shell.execute(
                Self.checkArguments(client: "exit 0", timeout: 30), environment: ["TMPDIR": temporary], timeout: 90)
            let output = result.output + result.error
            let left = try await Self.leftovers(output: output, temporaryDirectory: temporary)
            #expect(left.kdcsDuring == 1, "\(output)")
            #expect(left.directoriesDuring == 1, "\(output)")
            #expect(left.kdcsAfter.isEmpty, "krb5kdc of \(left.realm) left running: \(left.kdcsAfter)")
            #expect(left.directoriesAfter.isEmpty, "realm directories left: \(left.directoriesAfter)")
        }
    }

    @Test("a client that hangs is stopped at the timeout; the realm ends with the run")
    func afterTimeout() async throws {
        try await Tool.require(.kerberos)
        let seconds = Self.marker()
        try await Self.withTemporaryDirectory { temporary in
            let result = try await Shell.execute(
                Self.checkArguments(client: "exec sleep \(seconds)", timeout: 3), environment: ["TMPDIR": temporary],
                timeout: 90)
            let output = result.output + result.error
            #expect(result.status == 1, "\(output)")
            #expect(output.contains("did not finish within 3 s and was stopped"), "\(output)")
            let left = try await Self.leftovers(output: output, temporaryDirectory: temporary)
            #expect(left.kdcsDuring == 1 && left.directoriesDuring == 1, "\(output)")
            #expect(left.kdcsAfter.isEmpty, "krb5kdc of \(left.realm) left running: \(left.kdcsAfter)")
            #expect(left.directoriesAfter.isEmpty, "realm directories left: \(left.directoriesAfter)")
            let sleeps = try await Shell.run("pgrep -f -x 'sleep \(seconds)' | wc -l | tr -d ' '")
            #expect(sleeps.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        }
    }

    @Test(
        "mockauthd check interrupted mid-run (SIGINT, SIGTERM): client, KDC and realm directory all gone",
        arguments: [SupervisedProcess.StopSignal.interrupt, .terminate])
    func afterInterruption(_ signal: SupervisedProcess.StopSignal) async throws {
        try await Tool.require(.kerberos)
        let seconds = Self.marker()
        try await Self.withTemporaryDirectory { temporary in
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
            environment["TMPDIR"] = temporary
            // The client reports, then sleeps far past any bound of this test: only the signal ends the run.
            let check = try await SupervisedProcess(
                Self.checkArguments(client: "exec sleep \(seconds)", timeout: 600), environment: environment,
                output: .merged, stopSignal: signal, grace: .seconds(30)
            ).start()
            let started = await check.waitForOutput(containing: "DIRS=", timeout: .seconds(60))
            let ended = await check.stop()
            let output = check.outputText
            #expect(started, "the client never started: \(output)")
            #expect(ended.status == (signal == .interrupt ? 130 : 143), "\(output)")
            let left = try await Self.leftovers(output: output, temporaryDirectory: temporary)
            #expect(left.kdcsDuring == 1 && left.directoriesDuring == 1, "\(output)")
            #expect(left.kdcsAfter.isEmpty, "krb5kdc of \(left.realm) left running: \(left.kdcsAfter)")
            #expect(left.directoriesAfter.isEmpty, "realm directories left: \(left.directoriesAfter)")
            let sleeps = try await Shell.run("pgrep -f -x 'sleep \(seconds)' | wc -l | tr -d ' '")
            #expect(sleeps.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "the client was left")
        }
    }

    @Test(
        "mockauthd check killed mid-run (SIGKILL, no handler runs): its KDC's watchdog ends the KDC and removes the realm directory"
    )
    func afterKill() async throws {
        try await Tool.require(.kerberos)
        let seconds = Self.marker()
        try await Self.withTemporaryDirectory { temporary in
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
            environment["TMPDIR"] = temporary
            let check = try await SupervisedProcess(
                Self.checkArguments(client: "exec sleep \(seconds)", timeout: 600), environment: environment,
                output: .merged
            ).start()
            let started = await check.waitForOutput(containing: "DIRS=", timeout: .seconds(60))
            _ = kill(check.processID, SIGKILL)
            let ended = await check.wait()
            let output = check.outputText
            // The client is no part of the realm: nothing stops it once its harness is killed.
            _ = try await Shell.run("pkill -f -x 'sleep \(seconds)' || true")
            #expect(started, "the client never started: \(output)")
            #expect(ended.status != 0, "\(output)")
            let realm = try #require(Self.value(of: "REALM=", in: output), "\(output)")
            #expect(Self.value(of: "KDCS=", in: output) == "1", "\(output)")
            // The watchdog looks once a second: asked up to 50 times, 100 ms apart (bounded, not timed).
            #expect(try await Self.kdcsLeft(of: realm).isEmpty, "krb5kdc of \(realm) outlived its harness")
            var directories = Self.realmDirectories(in: temporary)
            for _ in 0..<50 where !directories.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                directories = Self.realmDirectories(in: temporary)
            }
            #expect(directories.isEmpty, "realm directories left: \(directories)")
        }
    }
}

extension KerberosLifecycleTests {
    /// The realm name and KDC port of a run's client `krb5.conf`.
    static func realmAndPort(_ configuration: String?) throws -> (realm: String, port: Int) {
        let text = try #require(configuration)
        let realm = try #require(value(of: " default_realm = ", in: text))
        let kdc = try #require(value(of: "  kdc = 127.0.0.1:", in: text))
        return (realm, try #require(Int(kdc)))
    }

    /// The directory of a KDC, from the profile it was started with (Linux's `/proc`).
    static func directory(ofKDC pid: Int32) -> String? {
        #if os(Linux)
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
            let variables = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let profile = variables.first(where: { $0.hasPrefix("KRB5_KDC_PROFILE=") }) else { return nil }
            return URL(fileURLWithPath: String(profile.dropFirst("KRB5_KDC_PROFILE=".count)))
                .deletingLastPathComponent().path
        #else
            return nil
        #endif
    }

    @Test("two runs started together get different realms, different KDC ports and directories; both end clean")
    func parallelRuns() async throws {
        try await Tool.require(.kerberos)
        let scenario = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("negotiate-kerberos")
        async let first = ScenarioRun.start(scenario, kerberos: MITKerberos())
        async let second = ScenarioRun.start(scenario, kerberos: MITKerberos())
        let runs = try await [first, second]
        let realms = try runs.map { try Self.realmAndPort($0.material.kerberos?.configuration) }
        var kdcs: [[Int32]] = []
        for (realm, _) in realms { kdcs.append(try await Self.kdcs(of: realm)) }
        let directories = kdcs.compactMap { $0.first.flatMap(Self.directory(ofKDC:)) }
        for run in runs { await run.shutdown() }
        #expect(realms[0].realm != realms[1].realm)
        #expect(realms[0].port != realms[1].port)
        #expect(kdcs.map(\.count) == [1, 1], "one KDC per realm: \(kdcs)")
        #if os(Linux)
            #expect(directories.count == 2 && directories[0] != directories[1], "\(directories)")
            #expect(directories.allSatisfy { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("mockauth-krb5-") })
        #endif
        for (realm, _) in realms {
            #expect(try await Self.kdcsLeft(of: realm).isEmpty, "krb5kdc of \(realm) left running")
        }
        #expect(directories.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "\(directories)")
        #expect(runs.allSatisfy { !FileManager.default.fileExists(atPath: $0.files.directory.path) })
    }

    /// The Kerberos variables a library reads, as this process has them.
    static func kerberosEnvironment() -> [String: String] {
        let names = [
            "KRB5_CONFIG", "KRB5CCNAME", "KRB5_KTNAME", "KRB5_CLIENT_KTNAME", "KRB5_KDC_PROFILE", "KRB5RCACHETYPE",
            "KRB5RCACHEDIR", "KRB5_TRACE",
        ]
        var found: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }

    /// `/etc/krb5.conf` as it is: its bytes and modification date, or `nil` when there is none.
    static func systemConfiguration() -> (Data, Date?)? {
        let path = "/etc/krb5.conf"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return (data, modified)
    }

    @Test(
        "a run in this process, answered by real curl: the ticket verified, and neither /etc/krb5.conf nor this process's environment touched"
    )
    func nothingOutsideTheRun() async throws {
        try await Tool.require(.kerberos, .curl)
        let environment = Self.kerberosEnvironment()
        let system = Self.systemConfiguration()
        let scenario = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("negotiate-kerberos")
        let run = try await ScenarioRun.start(scenario, kerberos: MITKerberos())
        let result: CommandResult
        do {
            result = try await Shell.run(
                curlNegotiate + " -w '%{http_code}' $MOCKAUTH_URL", environment: run.environment)
        } catch {
            await run.shutdown()
            throw error
        }
        let transcript = run.transcript()
        let realm = try Self.realmAndPort(run.material.kerberos?.configuration).realm
        #expect(Self.kerberosEnvironment() == environment, "the run changed this process's Kerberos variables")
        await run.shutdown()
        #expect(result.output.hasSuffix("200"), "\(result.output)\(result.error)")
        let verified = transcript.connections.flatMap(\.requests).compactMap(\.auth?.kerberos).filter {
            $0.clientPrincipal != nil
        }
        #expect(verified.first?.clientPrincipal == "alice@\(realm)", "\(transcript)")
        #expect(verified.first?.servicePrincipal == "HTTP/intranet.test@\(realm)")
        #expect(Self.kerberosEnvironment() == environment, "the run changed this process's Kerberos variables")
        #expect(ProcessInfo.processInfo.environment["KRB5_CONFIG"] == environment["KRB5_CONFIG"])
        let after = Self.systemConfiguration()
        #expect(after?.0 == system?.0, "/etc/krb5.conf changed")
        #expect(after?.1 == system?.1, "/etc/krb5.conf was written")
        // The client's krb5.conf names the run's realm and KDC alone, never the machine's.
        let configuration = try #require(run.material.kerberos?.configuration)
        #expect(!configuration.contains("/etc/"), "\(configuration)")
        #expect(!configuration.contains("include"), "\(configuration)")
    }
}
