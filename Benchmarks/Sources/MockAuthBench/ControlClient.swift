import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The smallest client of `serve`'s control API the benchmarks need, and the "normal client" whose
/// verdict time is measured: URLSession, in this process.
struct ControlClient {
    let url: String
    let token: String

    init(endpointsFile: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: endpointsFile))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let control = json["control"] as? [String: Any] ?? [:]
        url = control["url"] as? String ?? ""
        token = control["token"] as? String ?? ""
    }

    /// `METHOD path` with the token; the JSON answer.
    func call(_ method: String, _ path: String, body: String? = nil) async throws -> [String: Any] {
        guard let target = URL(string: url + path) else { throw BenchError("bad control URL \(url)") }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// A whole verdict round as a remote client does it: begin a run of `scenario`, fetch its URL
    /// with the right credentials, read the verdict, end the run. Returns the seconds and the result.
    func verdictRound(_ scenario: String) async throws -> (seconds: Double, result: String) {
        let start = ContinuousClock.now
        let run = try await call("POST", "v1/runs", body: #"{"scenario": "\#(scenario)", "client": "bench"}"#)
        guard let id = run["id"] as? String, let address = (run["url"] as? String).flatMap(URL.init(string:)) else {
            throw BenchError("no run: \(run)")
        }
        var request = URLRequest(url: address)
        request.setValue(BareServer.expected, forHTTPHeaderField: "Authorization")
        _ = try await URLSession.shared.data(for: request)
        let verdict = try await call("GET", "v1/runs/\(id)/verdict")
        _ = try await call("DELETE", "v1/runs/\(id)")
        return ((ContinuousClock.now - start).seconds, verdict["result"] as? String ?? "?")
    }
}

extension ControlClient {
    /// The TLS handshakes the runs of this `serve` completed, and how many of them resumed a
    /// session (identical connections are folded into one record: each counts its repeats).
    func handshakes() async throws -> (completed: Int, resumed: Int) {
        let runs = try await call("GET", "v1/runs")["runs"] as? [[String: Any]] ?? []
        var completed = 0
        var resumed = 0
        for id in runs.compactMap({ $0["id"] as? String }) {
            let transcript = try await call("GET", "v1/runs/\(id)/transcript")
            for connection in transcript["connections"] as? [[String: Any]] ?? [] {
                guard let tls = connection["tls"] as? [String: Any], tls["state"] as? String == "completed" else {
                    continue
                }
                let count = 1 + (connection["repeats"] as? Int ?? 0)
                completed += count
                if tls["resumed"] as? Bool == true { resumed += count }
            }
        }
        return (completed, resumed)
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
