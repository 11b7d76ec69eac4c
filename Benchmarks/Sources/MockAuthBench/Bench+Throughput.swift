import Foundation

extension Bench {
    /// One throughput measure: the same load on MockAuth and on its anchors.
    struct ThroughputCase {
        var measure: String
        var mockAuthURL: String
        var bareURL: String
        var nginxURL: String?
        var newConnections: Bool
        var connections: Int
        var threads: Int
        var target: String
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

    /// The bare SwiftNIO (NIOSSL with `certificates`) server, and its port.
    func bare(tls certificates: String?) async throws -> (Background, Int) {
        let server = try await Background([me, "bare-server"] + (certificates.map { [$0] } ?? []))
        try await server.waitForOutput("PORT ", seconds: 30)
        let port = server.output.split(separator: "\n").first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
        return (server, port ?? 0)
    }

    /// Keep-alive Basic over plain HTTP and TLS (wrk: one thread, 8 connections), and new TLS
    /// connections, one request each (wrk: two threads, 32 connections: one thread's handshakes
    /// would be the limit, not the servers'), beside the bare server and nginx. For new connections
    /// it also measures what each server spends per connection (its own CPU time per request) and
    /// checks that both present the same chain and that the handshakes are what wrk makes them:
    /// resumed TLS 1.3 sessions.
    mutating func throughput(certificates: String) async throws {
        print("throughput (wrk, \(options.rounds) rounds of \(options.seconds) s, medians):")
        let (plain, plainURL) = try await serve(Self.plainScenario, scenarios: "\(work)/scenarios")
        let (tls, tlsURL) = try await serve("basic", scenarios: "\(options.repository)/Scenarios")
        let (barePlain, barePlainPort) = try await bare(tls: nil)
        let (bareTLS, bareTLSPort) = try await bare(tls: certificates)
        let ports = try await Self.freePorts(2)
        let nginxDirectory = work + "/nginx"
        try FileManager.default.createDirectory(atPath: nginxDirectory, withIntermediateDirectories: true)
        let nginx = try await Nginx.start(
            directory: nginxDirectory, certificates: certificates, plainPort: ports[0], tlsPort: ports[1])
        try await stopping([plain, tls, barePlain, bareTLS], nginx: nginx) {
            if nginx == nil {
                report.note("nginx is not installed (apt-get install nginx): its anchor column is empty")
            }
            try await compareChains(mockAuthURL: tlsURL, barePort: bareTLSPort)
            let cases = [
                ThroughputCase(
                    measure: "plain keep-alive, Basic", mockAuthURL: plainURL,
                    bareURL: "http://127.0.0.1:\(barePlainPort)/",
                    nginxURL: nginx.map { "http://127.0.0.1:\($0.plainPort)/" }, newConnections: false, connections: 8,
                    threads: 1, target: "≥ 0.9x bare NIO"),
                ThroughputCase(
                    measure: "TLS keep-alive, Basic", mockAuthURL: tlsURL, bareURL: "https://127.0.0.1:\(bareTLSPort)/",
                    nginxURL: nginx.map { "https://127.0.0.1:\($0.tlsPort)/" }, newConnections: false, connections: 8,
                    threads: 1, target: "≥ 0.9x bare NIOSSL"),
                ThroughputCase(
                    measure: "new TLS connections (one request each, 32 connections)", mockAuthURL: tlsURL,
                    bareURL: "https://127.0.0.1:\(bareTLSPort)/",
                    nginxURL: nginx.map { "https://127.0.0.1:\($0.tlsPort)/" }, newConnections: true, connections: 32,
                    threads: 2, target: "≥ 0.9x bare NIOSSL"),
            ]
            for throughputCase in cases {
                try await measure(throughputCase, mockAuth: tls.pid, bare: bareTLS.pid)
            }
            let control = try ControlClient(endpointsFile: try endpointsFile(of: tls))
            if let (completed, resumed) = try? await control.handshakes(), completed > 0 {
                report.note(
                    "new TLS connections: \(resumed.formatted()) of the \(completed.formatted()) handshakes MockAuth completed resumed a session (wrk resumes its session on each new connection; the bare server and nginx offer resumption too)"
                )
            }
        }
    }

    /// Warms each server, then runs the rounds, alternating the servers so the machine's noise falls
    /// on every server alike; each figure is the median of its rounds. For new connections, also the
    /// CPU each NIO server spent per request (`pid`s; Linux only).
    private mutating func measure(_ throughputCase: ThroughputCase, mockAuth: Int32, bare: Int32) async throws {
        let load = { (url: String, seconds: Int) in
            try await Wrk.load(
                url, seconds: seconds, connections: throughputCase.connections, threads: throughputCase.threads,
                newConnectionPerRequest: throughputCase.newConnections)
        }
        for url in [throughputCase.mockAuthURL, throughputCase.bareURL] + (throughputCase.nginxURL.map { [$0] } ?? []) {
            _ = try await load(url, 2)
        }
        var bareRuns: [Wrk.Result] = []
        var mockAuthRuns: [Wrk.Result] = []
        var nginxRuns: [Wrk.Result] = []
        var bareCPU: [Double] = []
        var mockAuthCPU: [Double] = []
        for _ in 0..<options.rounds {
            let (bareRun, bareSeconds) = try await ProcessCPU.measuring(bare) {
                try await load(throughputCase.bareURL, options.seconds)
            }
            bareRuns.append(bareRun)
            if let bareSeconds, bareRun.requests > 0 { bareCPU.append(bareSeconds / Double(bareRun.requests)) }
            let (mockAuthRun, mockAuthSeconds) = try await ProcessCPU.measuring(mockAuth) {
                try await load(throughputCase.mockAuthURL, options.seconds)
            }
            mockAuthRuns.append(mockAuthRun)
            if let mockAuthSeconds, mockAuthRun.requests > 0 {
                mockAuthCPU.append(mockAuthSeconds / Double(mockAuthRun.requests))
            }
            if let nginxURL = throughputCase.nginxURL { nginxRuns.append(try await load(nginxURL, options.seconds)) }
        }
        let bareResult = Wrk.median(bareRuns)
        let mockAuthResult = Wrk.median(mockAuthRuns)
        let nginxResult = nginxRuns.isEmpty ? nil : Wrk.median(nginxRuns)
        let measure = throughputCase.measure
        for (name, result) in [("MockAuth", mockAuthResult), ("bare", bareResult)]
            + (nginxResult.map { [("nginx", $0)] } ?? [])
        {
            if result.errors > 0 {
                report.note("\(measure): \(name) had \(result.errors) non-2xx answers or socket errors")
            }
            if let busy = result.clientBusy, busy >= 0.9 {
                report.note(
                    "\(measure): wrk's \(result.threads) thread(s) were on the CPU \(Int(busy * 100)) % of the time against \(name): that figure is the load generator's limit as much as the server's"
                )
            }
        }
        var anchors = "bare \(Format.rate(bareResult.requestsPerSecond))"
        if let nginxResult { anchors += ", nginx \(Format.rate(nginxResult.requestsPerSecond))" }
        report.add(
            measure, mockAuth: Format.rate(mockAuthResult.requestsPerSecond), anchors: anchors,
            ratio: Format.ratio(mockAuthResult.requestsPerSecond, bareResult.requestsPerSecond),
            target: throughputCase.target)
        guard throughputCase.newConnections, !bareCPU.isEmpty, !mockAuthCPU.isEmpty else { return }
        let bareMicroseconds = Percentiles(bareCPU).median * 1e6
        let mockAuthMicroseconds = Percentiles(mockAuthCPU).median * 1e6
        report.add(
            "server CPU per new TLS connection (its own user + system time per request, same load)",
            mockAuth: String(format: "%.0f µs", mockAuthMicroseconds),
            anchors: String(format: "bare %.0f µs", bareMicroseconds),
            ratio: Format.ratio(mockAuthMicroseconds, bareMicroseconds), target: "≤ 1.10x bare NIOSSL (issue 23)")
    }

    /// Notes what MockAuth's TLS server and the bare one present; they must be the same shape (the
    /// bare server's chain and key are `mockauthd certs`'s `server-valid`, P-256 leaf + intermediate).
    private mutating func compareChains(mockAuthURL: String, barePort: Int) async throws {
        guard let port = URL(string: mockAuthURL)?.port, let mockAuth = await TLSChain.presented(port: port),
            let bare = await TLSChain.presented(port: barePort)
        else {
            report.note("the chains served could not be compared (openssl s_client)")
            return
        }
        guard mockAuth.matches(bare) else {
            throw BenchError("MockAuth presents \(mockAuth), the bare server \(bare): not the same chain to compare")
        }
        report.note("MockAuth and the bare server present the same chain: \(mockAuth)")
    }
}
