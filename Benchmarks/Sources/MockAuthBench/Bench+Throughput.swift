import Foundation

extension Bench {
    /// A server under load: its URL, and its process for the CPU it spends (`nil`: not measured, nginx).
    struct LoadedServer {
        var name: String
        var url: String
        var pid: Int32?
    }

    /// One throughput measure: the same load on MockAuth and on its anchors, the minimal NIO server
    /// first (the one the targets are held to).
    struct ThroughputCase {
        var measure: String
        var mockAuth: LoadedServer
        var anchors: [LoadedServer]
        var newConnections: Bool
        var connections: Int
        var threads: Int
        /// The cores wrk runs on, when the servers were pinned to the others (``CPUAffinity``).
        var clientCPUs: [Int]?
    }

    /// `mockauthd serve` on `scenario` (from `directory`); its first URL.
    func serve(_ scenario: String, scenarios directory: String) async throws -> (Background, String) {
        let endpoints = "\(work)/endpoints-\(UUID().uuidString).json"
        let server = try await Background([
            options.mockauthd, "serve", "--scenarios", directory, scenario, "--endpoints-file", endpoints,
        ])
        try await server.waitForOutput("Serving ", seconds: 60)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: endpoints))) as? [String: Any]
        let url = ((json?["scenarios"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        return (server, url)
    }

    /// An anchor server of this executable (`mode`: `minimal-server`, `bare-server`), over TLS with
    /// `certificates` or plain, and its port.
    func anchor(_ mode: String, tls certificates: String?) async throws -> (Background, Int) {
        let server = try await Background([me, mode] + (certificates.map { [$0] } ?? []))
        try await server.waitForOutput("PORT ", seconds: 30)
        let port = server.output.split(separator: "\n").first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
        return (server, port ?? 0)
    }

    /// The wrk thread counts every throughput case runs with: one thread is the issue's load (the
    /// client has a core of its own: wrk is pinned to the first core and every server to the others,
    /// ``pinning(threads:)``); two threads take both cores of a 2-core machine, so client and server
    /// share them and the ratio is compressed.
    static let wrkThreads = [1, 2]

    /// The cores of wrk and of the servers for a load of `threads` wrk threads: with one thread on a
    /// machine of two cores or more, wrk gets core 0 and the servers the rest, so that neither pays
    /// for sharing a core with the other (which moved a server's CPU per request by ±15 % from one
    /// round to the next); with more threads, `nil`: everything runs everywhere.
    static func pinning(threads: Int) -> (client: [Int], servers: [Int])? {
        let cores = CPUAffinity.cores
        guard threads == 1, cores >= 2, CPUAffinity.isAvailable else { return nil }
        return ([0], Array(1..<cores))
    }

    /// Keep-alive Basic over plain HTTP and TLS (8 connections), and new TLS connections, one
    /// request each (32 connections), each with one and with two wrk threads, on MockAuth beside the
    /// minimal NIO server (``MinimalServer``, the anchor of the targets), the bare server of the
    /// earlier benches and nginx. For every case it also measures what each NIO server spends per
    /// request: its own CPU time (user + system, `/proc/PID/stat`) over the load window divided by
    /// the requests answered, which a busy load generator or a shared machine hardly moves. It
    /// checks that the TLS servers present the same chain and that the handshakes are what wrk makes
    /// them: resumed TLS 1.3 sessions.
    mutating func throughput(certificates: String) async throws {
        print("throughput (wrk, \(options.rounds) rounds of \(options.seconds) s, medians):")
        let (plain, plainURL) = try await serve(Self.plainScenario, scenarios: "\(work)/scenarios")
        let (tls, tlsURL) = try await serve("basic", scenarios: "\(options.repository)/Scenarios")
        let (minimalPlain, minimalPlainPort) = try await anchor("minimal-server", tls: nil)
        let (minimalTLS, minimalTLSPort) = try await anchor("minimal-server", tls: certificates)
        let (barePlain, barePlainPort) = try await anchor("bare-server", tls: nil)
        let (bareTLS, bareTLSPort) = try await anchor("bare-server", tls: certificates)
        let ports = try await Self.freePorts(2)
        let nginxDirectory = work + "/nginx"
        try FileManager.default.createDirectory(atPath: nginxDirectory, withIntermediateDirectories: true)
        let nginx = try await Nginx.start(
            directory: nginxDirectory, certificates: certificates, plainPort: ports[0], tlsPort: ports[1])
        try await stopping([plain, tls, minimalPlain, minimalTLS, barePlain, bareTLS], nginx: nginx) {
            if nginx == nil {
                report.note("nginx is not installed (apt-get install nginx): its anchor column is empty")
            }
            try await compareChains(mockAuthURL: tlsURL, anchorPorts: ["minimal": minimalTLSPort, "bare": bareTLSPort])
            report.note(
                "threads: `mockauthd serve` \(threadCount(tls.pid)), the minimal server \(threadCount(minimalTLS.pid)), the bare server \(threadCount(bareTLS.pid))"
            )
            func servers(tls overTLS: Bool) -> (LoadedServer, [LoadedServer]) {
                let mockAuth = LoadedServer(
                    name: "MockAuth", url: overTLS ? tlsURL : plainURL, pid: overTLS ? tls.pid : plain.pid)
                let scheme = overTLS ? "https" : "http"
                var anchors = [
                    LoadedServer(
                        name: "minimal", url: "\(scheme)://127.0.0.1:\(overTLS ? minimalTLSPort : minimalPlainPort)/",
                        pid: overTLS ? minimalTLS.pid : minimalPlain.pid),
                    LoadedServer(
                        name: "bare", url: "\(scheme)://127.0.0.1:\(overTLS ? bareTLSPort : barePlainPort)/",
                        pid: overTLS ? bareTLS.pid : barePlain.pid),
                ]
                if let nginx {
                    anchors.append(
                        LoadedServer(
                            name: "nginx", url: "\(scheme)://127.0.0.1:\(overTLS ? nginx.tlsPort : nginx.plainPort)/",
                            pid: nil))
                }
                return (mockAuth, anchors)
            }
            let serverPIDs =
                [plain, tls, minimalPlain, minimalTLS, barePlain, bareTLS].map(\.pid) + [nginx?.pid].compactMap { $0 }
            if let pinning = Self.pinning(threads: 1) {
                report.note(
                    "with one wrk thread, wrk ran on core \(pinning.client.map(String.init).joined(separator: ",")) and every server on core(s) \(pinning.servers.map(String.init).joined(separator: ",")) (taskset); with two, everything ran everywhere"
                )
            } else {
                report.note(
                    "wrk and the servers were not pinned to cores (fewer than 2 cores, or no taskset): with one wrk thread they shared the cores"
                )
            }
            for threads in Self.wrkThreads {
                let (plainMockAuth, plainAnchors) = servers(tls: false)
                let (tlsMockAuth, tlsAnchors) = servers(tls: true)
                let pinning = Self.pinning(threads: threads)
                for pid in serverPIDs {
                    if let pinning {
                        if await !CPUAffinity.pin(pid, to: pinning.servers) {
                            report.note("process \(pid) could not be pinned to cores \(pinning.servers)")
                        }
                    } else {
                        await CPUAffinity.release(pid)
                    }
                }
                let cases = [
                    ThroughputCase(
                        measure: "plain keep-alive, Basic", mockAuth: plainMockAuth, anchors: plainAnchors,
                        newConnections: false, connections: 8, threads: threads, clientCPUs: pinning?.client),
                    ThroughputCase(
                        measure: "TLS keep-alive, Basic", mockAuth: tlsMockAuth, anchors: tlsAnchors,
                        newConnections: false, connections: 8, threads: threads, clientCPUs: pinning?.client),
                    ThroughputCase(
                        measure: "new TLS connections (one request each)", mockAuth: tlsMockAuth,
                        anchors: tlsAnchors, newConnections: true, connections: 32, threads: threads,
                        clientCPUs: pinning?.client),
                ]
                for throughputCase in cases { try await measure(throughputCase) }
            }
            let control = try ControlClient(endpointsFile: try endpointsFile(of: tls))
            if let (completed, resumed) = try? await control.handshakes(), completed > 0 {
                report.note(
                    "new TLS connections: \(resumed.formatted()) of the \(completed.formatted()) handshakes MockAuth completed resumed a session (wrk resumes its session on each new connection; the anchors offer resumption too)"
                )
            }
        }
    }

    /// The order in which round `round` loads `count` servers (MockAuth at index 0, the minimal
    /// server at 1, the other anchors after): MockAuth and the minimal server back to back, MockAuth
    /// first in the even rounds and second in the odd ones, then the other anchors.
    static func roundOrder(_ round: Int, of count: Int) -> [Int] {
        guard count >= 2 else { return Array(0..<count) }
        let pair = round.isMultiple(of: 2) ? [0, 1] : [1, 0]
        return pair + Array(2..<count)
    }

    /// The threads of process `pid` (`/proc/PID/status`), or "?".
    private func threadCount(_ pid: Int32) -> String {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        return line.map { $0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces) } ?? "?"
    }

    /// Warms each server, then runs the rounds; each figure is the median of its rounds, the CPU per
    /// request the median of each server's rounds. The ratios pair the rounds: MockAuth's figure over
    /// the minimal server's of the same round, the median of those, with their range, so that a
    /// round in which the machine was slower for both does not count against one. So that the two
    /// of a pair meet the same machine, they run back to back in every round, one first in a round
    /// and the other in the next (``roundOrder(_:of:)``); the other anchors follow them.
    private mutating func measure(_ throughputCase: ThroughputCase) async throws {
        let load = { (url: String, seconds: Int) in
            try await Wrk.load(
                url, seconds: seconds, connections: throughputCase.connections, threads: throughputCase.threads,
                newConnectionPerRequest: throughputCase.newConnections, cpus: throughputCase.clientCPUs)
        }
        let servers = [throughputCase.mockAuth] + throughputCase.anchors
        for server in servers { _ = try await load(server.url, 2) }
        var runs = [[Wrk.Result]](repeating: [], count: servers.count)
        var cpu = [[Double?]](repeating: [], count: servers.count)
        for round in 0..<options.rounds {
            for index in Self.roundOrder(round, of: servers.count) {
                let server = servers[index]
                guard let pid = server.pid else {
                    runs[index].append(try await load(server.url, options.seconds))
                    cpu[index].append(nil)
                    continue
                }
                let (run, seconds) = try await ProcessCPU.measuring(pid) { try await load(server.url, options.seconds) }
                runs[index].append(run)
                cpu[index].append(seconds.flatMap { run.requests > 0 ? $0 / Double(run.requests) : nil })
            }
        }
        let results = runs.map(Wrk.median)
        let measure =
            "\(throughputCase.measure), wrk \(throughputCase.threads) thread\(throughputCase.threads == 1 ? "" : "s"), \(throughputCase.connections) connections"
        for (server, result) in zip(servers, results) {
            if result.errors > 0 {
                report.note("\(measure): \(server.name) had \(result.errors) non-2xx answers or socket errors")
            }
            if let busy = result.clientBusy, busy >= 0.9 {
                report.note(
                    "\(measure): wrk's \(result.threads) thread(s) were on the CPU \(Int(busy * 100)) % of the time against \(server.name): that figure is the load generator's limit as much as the server's"
                )
            }
        }
        // Index 1 is the minimal server: the anchor of the targets.
        let anchors = zip(servers, results).dropFirst().map { "\($0.name) \(Format.rate($1.requestsPerSecond))" }
        report.add(
            measure, mockAuth: Format.rate(results[0].requestsPerSecond), anchors: anchors.joined(separator: ", "),
            ratio: Format.pairedRatio(
                runs[0].map(\.requestsPerSecond), over: runs[1].map(\.requestsPerSecond)),
            target: "≥ 0.9x minimal NIO\(throughputCase.mockAuth.url.hasPrefix("https") ? "SSL" : "")")
        let microseconds = cpu.map { rounds in
            let measured = rounds.compactMap { $0 }
            return measured.isEmpty ? nil : Percentiles(measured).median * 1e6
        }
        guard let mockAuth = microseconds[0] else { return }
        let anchorCPU = zip(servers, microseconds).dropFirst().compactMap { server, value in
            value.map { String(format: "\(server.name) %.1f µs", $0) }
        }
        let paired = zip(cpu[0], cpu[1]).compactMap { round -> (mockAuth: Double, minimal: Double)? in
            guard let mockAuth = round.0, let minimal = round.1 else { return nil }
            return (mockAuth, minimal)
        }
        report.add(
            "… server CPU per request (its user + system time over the load ÷ requests)",
            mockAuth: String(format: "%.1f µs", mockAuth), anchors: anchorCPU.joined(separator: ", "),
            ratio: Format.pairedRatio(paired.map(\.mockAuth), over: paired.map(\.minimal)), target: "≤ 1.15x minimal")
    }

    /// Notes what MockAuth's TLS server and the anchors present; they must be the same shape (the
    /// anchors' chain and key are `mockauthd certs`'s `server-valid`, P-256 leaf + intermediate).
    private mutating func compareChains(mockAuthURL: String, anchorPorts: [String: Int]) async throws {
        guard let port = URL(string: mockAuthURL)?.port, let mockAuth = await TLSChain.presented(port: port) else {
            report.note("the chains served could not be compared (openssl s_client)")
            return
        }
        for (name, anchorPort) in anchorPorts.sorted(by: { $0.key < $1.key }) {
            guard let anchor = await TLSChain.presented(port: anchorPort) else {
                report.note("the chains served could not be compared (openssl s_client)")
                return
            }
            guard mockAuth.matches(anchor) else {
                throw BenchError(
                    "MockAuth presents \(mockAuth), the \(name) server \(anchor): not the same chain to compare")
            }
        }
        report.note("MockAuth and the anchors present the same chain: \(mockAuth)")
    }
}
