import Foundation
import MockAuth

/// One `make bench` run: every measurement of issues 12 and 13, each beside its anchor in the same
/// invocation where one exists, printed as it goes and written to `docs/performance.md`.
struct Bench {
    struct Options {
        var mockauthd = ""
        var adapter: String?
        var repository = FileManager.default.currentDirectoryPath
        var seconds = 6
        /// Runs of each throughput figure, alternating the servers; the median is reported.
        var rounds = 3
        var memoryRequests = 5_000_000
        var out: String?
        var venv: String?
        /// Only these sections (`throughput`, `memory`, `start`, `servers`, `catalog`, `hostile`, `flood`); all by
        /// default.
        var only: Set<String> = []

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let flag = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
                switch flag {
                case "--mockauthd": mockauthd = value
                case "--adapter": adapter = value
                case "--repository": repository = value
                case "--seconds": seconds = Int(value) ?? seconds
                case "--rounds": rounds = max(1, Int(value) ?? rounds)
                case "--memory-requests": memoryRequests = Int(value) ?? memoryRequests
                case "--out": out = value
                case "--venv": venv = value
                case "--only": only = Set(value.split(separator: ",").map(String.init))
                default: throw BenchError("unknown flag \(flag)")
                }
            }
            guard FileManager.default.isExecutableFile(atPath: mockauthd) else {
                throw BenchError("--mockauthd PATH (a release build of mockauthd) is required")
            }
        }
    }

    let options: Options
    var report = Report()
    let work: String
    let me = CommandLine.arguments[0]

    init(options: Options) throws {
        self.options = options
        work = FileManager.default.temporaryDirectory.appendingPathComponent("mockauth-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work + "/scenarios", withIntermediateDirectories: true)
    }

    static let plainScenario = "bench-basic-plain"

    mutating func run() async throws {
        defer { try? FileManager.default.removeItem(atPath: work) }
        print("mockauth-bench: \(Machine.describe())")
        guard Wrk.isInstalled else {
            throw BenchError("wrk is not installed (apt-get install wrk): the load figures need it")
        }
        // The scenario of the plain-HTTP figures: Basic over HTTP, as the bare server checks it.
        try """
        version: 1
        summary: Basic over plain HTTP (the benchmarks' keep-alive figures).
        servers:
          origin:
            auth: { realm: mockauth, schemes: [basic], username: alice, password: wonderland-7 }
        client:
          credentials: { username: alice, password: wonderland-7 }
        expect:
          - rule: authenticates
            server: origin
        """.write(toFile: "\(work)/scenarios/\(Self.plainScenario).yaml", atomically: true, encoding: .utf8)
        let certificates = work + "/certs"
        let certs = try await Command.run([options.mockauthd, "certs", "--out", certificates])
        guard certs.status == 0 else { throw BenchError("mockauthd certs failed: \(certs.output)") }

        func wanted(_ section: String) -> Bool { options.only.isEmpty || options.only.contains(section) }
        if wanted("throughput") { try await throughput(certificates: certificates) }
        if wanted("memory") { try await memoryPlateau() }
        if wanted("start") { try await startLatency() }
        if wanted("servers") { try await serverCounts() }
        if wanted("catalog") { try await checkAndConform() }
        if wanted("hostile") { try await hostileClients() }
        if wanted("flood") { try await flood() }

        if let out = options.out, options.only.isEmpty {
            try report.write(to: out, command: "make bench", seconds: options.seconds, rounds: options.rounds)
            print("mockauth-bench: wrote \(out)")
        }
    }

    /// Ports nothing listens on now, from the system.
    static func freePorts(_ count: Int) async throws -> [Int] {
        let script = """
            import socket
            s = [socket.socket() for _ in range(\(count))]
            for x in s: x.bind(("127.0.0.1", 0))
            print(" ".join(str(x.getsockname()[1]) for x in s))
            """
        let result = try await Command.run(["python3", "-c", script])
        let ports = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == count else { throw BenchError("no free ports: \(result.output)") }
        return ports
    }

    // MARK: Memory

    private mutating func memoryPlateau() async throws {
        print("memory under sustained load:")
        let (server, url) = try await serve(Self.plainScenario, scenarios: "\(work)/scenarios")
        try await stopping([server]) {
            var served = 0
            var afterFirst: Double?
            let deadline = Date().addingTimeInterval(300)
            while served < options.memoryRequests, Date() < deadline {
                await served += try Wrk.load(url, seconds: served < 100_000 ? 2 : 10).requests
                if afterFirst == nil, served >= 100_000 { afterFirst = server.residentMegabytes }
            }
            let last = server.residentMegabytes
            let growth = (last ?? 0) - (afterFirst ?? 0)
            report.add(
                "`serve` RSS after \(served.formatted()) requests (plain keep-alive)",
                mockAuth: "\(Format.megabytes(last)) (\(Format.megabytes(afterFirst)) after 100,000)",
                // "%+.1f" of a growth rounded to zero keeps its sign ("-0.0"): print zero as +0.0.
                ratio: String(format: "%+.1f MB", abs(growth) < 0.05 ? 0 : growth),
                target: "within 32 MB of the RSS after 100,000")
            if served < options.memoryRequests {
                report.note("the memory run stopped at its 300 s bound after \(served.formatted()) requests")
            }
        }
    }

    // MARK: Start latency and many servers

    private mutating func startLatency() async throws {
        print("scenario start latency (in process):")
        let pki = try HarnessPKI.shared()
        let files = try ClientFiles.write(pki)
        defer { files.remove() }
        let scenario = try ScenarioCatalog.directory("\(options.repository)/Scenarios").load("basic")
        await (try ScenarioRun.start(scenario, pki: pki, files: files)).shutdown()  // certificates cached
        var samples: [Double] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while samples.count < 1_000, ContinuousClock.now < deadline {
            let start = ContinuousClock.now
            let run = try await ScenarioRun.start(scenario, pki: pki, files: files)
            samples.append((ContinuousClock.now - start).seconds)
            await run.shutdown()
        }
        let percentiles = Percentiles(samples)
        report.add(
            "scenario start (`basic`, TLS), \(samples.count) starts",
            mockAuth: "median \(Format.milliseconds(percentiles.median)), p99 \(Format.milliseconds(percentiles.p99))",
            target: "median ≤ 0.5 ms")
    }

    private mutating func serverCounts() async throws {
        print("many servers in one process:")
        for count in [1_000, 10_000] {
            let result = try await Command.run([me, "many-servers", String(count)], timeout: 120)
            let fields =
                result.output.split(separator: "\n").first { $0.hasPrefix("STARTED ") }?
                .split(separator: " ").dropFirst().compactMap { Double($0) } ?? []
            guard fields.count == 3 else { throw BenchError("many-servers \(count) failed: \(result.output)") }
            report.add(
                "\(count.formatted()) servers in one process",
                mockAuth: "start \(Format.seconds(fields[0])), RSS \(Format.megabytes(fields[1]))",
                target: count == 10_000 ? "≤ 3 s and ≤ 200 MB" : "")
        }
        let file = "\(work)/many.yaml"
        try ManyServers.yaml(count: 10_000).write(toFile: file, atomically: true, encoding: .utf8)
        let check = try await Command.run(
            [
                options.mockauthd, "check", file, "--skip-control", "--", "sh", "-c",
                #"curl -sS -o /dev/null "$MOCKAUTH_URL""#,
            ],
            timeout: 300)
        report.add(
            "`check` with 10,000 servers (curl)", mockAuth: "\(Format.seconds(check.seconds)), exit \(check.status)",
            target: "≤ 5 s")
    }

    // MARK: The catalog through check and conform

    private mutating func checkAndConform() async throws {
        print("the catalog through check and conform:")
        let scenarios = "\(options.repository)/Scenarios"
        let list = try await Command.run([options.mockauthd, "list", "--json", "--scenarios", scenarios])
        let names =
            ((try? JSONSerialization.jsonObject(with: Data(list.output.utf8))) as? [[String: String]])?
            .compactMap { $0["name"] } ?? []
        let curlAdapter = "\(options.repository)/Conformance/adapters/curl.sh"
        var total = 0.0
        var outcomes: [Int32: Int] = [:]
        for name in names {
            let result = try await Command.run(
                [options.mockauthd, "check", "--scenarios", scenarios, name, "--", "sh", curlAdapter], timeout: 120)
            total += result.seconds
            outcomes[result.status, default: 0] += 1
        }
        report.add(
            "`check` on the whole catalog with curl (\(names.count) scenarios, one `check` each)",
            mockAuth: "\(Format.seconds(total)) (exit 0: \(outcomes[0, default: 0]), 1: \(outcomes[1, default: 0]))")

        var clients = ["--client", "curl=\(curlAdapter)"]
        var environment: [String: String] = [:]
        if let venv = options.venv, FileManager.default.isExecutableFile(atPath: "\(venv)/bin/python3") {
            environment["PATH"] = "\(venv)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            clients += [
                "--client", "requests=\(options.repository)/Conformance/adapters/requests_adapter.py",
                "--client", "urllib=\(options.repository)/Conformance/adapters/urllib_adapter.py",
            ]
        }
        if let adapter = options.adapter {
            clients += [
                "--client", "urlsession=\(options.repository)/Conformance/adapters/urlsession.sh \(adapter)",
                "--client", "asynchttpclient=\(options.repository)/Conformance/adapters/asynchttpclient.sh \(adapter)",
            ]
        }
        let conform = try await Command.run(
            [options.mockauthd, "conform", "--scenarios", scenarios, "--json", "\(work)/conform.json"] + clients,
            environment: environment, timeout: 1_200)
        report.add(
            "`conform` on the whole catalog, \(clients.count / 2) reference clients",
            mockAuth: "\(Format.seconds(conform.seconds)), exit \(conform.status)")
    }

    // MARK: Hostile clients (issue 12)

    private mutating func hostileClients() async throws {
        print("hostile clients:")
        let (server, url) = try await serve(Self.plainScenario, scenarios: "\(work)/scenarios")
        try await stopping([server]) {
            guard let address = URL(string: url), let port = address.port else { throw BenchError("bad URL \(url)") }
            let request = HostileClient.request(host: "127.0.0.1:\(port)")
            var refusals: [Double] = []
            for _ in 0..<50 {
                refusals.append(try await HostileClient.once(host: "127.0.0.1", port: port, request: request))
            }
            let refusal = Percentiles(refusals)
            report.add(
                "8,000 auth parameters (70 KB head): sent to refused and closed",
                mockAuth: "median \(Format.milliseconds(refusal.median)), p99 \(Format.milliseconds(refusal.p99))",
                target: "< 10 ms of event-loop time (this is an upper bound: it includes the transfer)")

            let control = try ControlClient(endpointsFile: try endpointsFile(of: server))
            func rounds() async throws -> Percentiles {
                var samples: [Double] = []
                for _ in 0..<200 {
                    let round = try await control.verdictRound(Self.plainScenario)
                    guard round.result == "pass" else {
                        throw BenchError("the normal client did not pass: \(round.result)")
                    }
                    samples.append(round.seconds)
                }
                return Percentiles(samples)
            }
            _ = try await rounds()  // warm
            let alone = try await rounds()
            // The attackers stand in for clients on other machines: a process of their own whose CPU, on
            // this 2-core machine, should not be taken from the server or the normal client. Two ways:
            // SCHED_IDLE (they run only when nothing else wants a core: the server's own cost) and nice 19
            // (the scheduler still lets them run out a time slice, about 1.5 ms, before a woken server or
            // client thread gets the core: the cost of sharing the machine with them).
            for priority in AttackerPriority.allCases {
                guard let prefix = priority.commandPrefix else {
                    report.add(
                        "a normal client's verdict round with 4 attackers (\(priority))",
                        mockAuth: "skipped: chrt is not installed")
                    continue
                }
                let attackers = try await Background(prefix + [me, "attack", "127.0.0.1", String(port), "6"])
                try await Task.sleep(for: .seconds(1))
                let attacked = try await rounds()
                _ = await attackers.wait(seconds: 30)
                let sent =
                    attackers.output.split(separator: "\n").first { $0.hasPrefix("SENT ") }.flatMap {
                        Int($0.dropFirst(5))
                    }
                    ?? 0
                report.add(
                    "a normal client's verdict round (begin, request, verdict, end) with 4 attackers sending 8,000 parameters, attackers \(priority)",
                    mockAuth:
                        "median \(Format.milliseconds(attacked.median)) (the attackers sent \(sent.formatted()) in 6 s)",
                    anchors: "alone: median \(Format.milliseconds(alone.median))",
                    ratio: Format.ratio(attacked.median, alone.median),
                    target: priority == .idle ? "within 2x of alone" : "")
            }
        }
    }

    /// How the attacker process is scheduled beside the server and the normal client.
    private enum AttackerPriority: CaseIterable, CustomStringConvertible {
        /// `chrt --idle 0`: the attackers run only on a core nothing else wants.
        case idle
        /// `nice -n 19`: the lowest normal priority.
        case nice19

        var description: String {
            switch self {
            case .idle: "at SCHED_IDLE"
            case .nice19: "at nice 19"
            }
        }

        /// The command that starts the attackers at this priority; nil when its tool is missing.
        var commandPrefix: [String]? {
            switch self {
            case .idle: Command.which("chrt") == nil ? nil : ["chrt", "--idle", "0"]
            case .nice19: ["nice", "-n", "19"]
            }
        }
    }

    func endpointsFile(of server: Background) throws -> String {
        guard let index = server.arguments.firstIndex(of: "--endpoints-file"), index + 1 < server.arguments.count,
            case let file = server.arguments[index + 1]
        else { throw BenchError("serve has no endpoints file") }
        return file
    }
}
