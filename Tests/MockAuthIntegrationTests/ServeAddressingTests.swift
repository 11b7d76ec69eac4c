import Foundation
import MockAuthTestSupport
import NIOCore
import NIOPosix
import Testing

/// `serve --bind --host-name --port-base`, for clients on other machines, tried on 127.0.0.2 (a
/// loopback address other than the default) with curl resolving a `.test` name to it: fixed ports,
/// URLs and certificates under the name, the proxy reaching origins by the name, runs begun through
/// the control API taking the next ports, a port in use refused with a clear error.
@Suite("serve for devices and containers: --bind, --host-name, --port-base")
struct ServeAddressingTests {
    static let name = "device.mockauth.test"

    /// A base whose next 8 ports nothing listens on at 127.0.0.2, checked by binding them.
    func freeBase() async throws -> Int {
        for _ in 0..<20 {
            let base = Int.random(in: 20_000...29_000)
            var bound: [any Channel] = []
            do {
                for port in base..<(base + 8) {
                    bound.append(
                        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                            .bind(host: "127.0.0.2", port: port).get())
                }
                for channel in bound { try await channel.close() }
                return base
            } catch {
                for channel in bound { try? await channel.close() }
            }
        }
        throw ServeProcessError(message: "no free range of 8 ports on 127.0.0.2")
    }

    /// curl, resolving ``name`` to 127.0.0.2 on `ports`.
    func curl(_ arguments: [String], ports: [Int]) async throws -> CommandResult {
        let resolve = ports.flatMap { ["--resolve", "\(Self.name):\($0):127.0.0.2"] }
        return try await Shell.execute(["/usr/bin/env", "curl", "-sS", "--max-time", "10"] + resolve + arguments)
    }

    @Test(
        "fixed ports and a host name: curl with the CA passes, the wrong host is refused, runs take the next ports",
        .bindable("127.0.0.2"))
    func device() async throws {
        // A port probed free may be taken by another test process before serve binds it: then serve
        // exits at once saying so, and the test starts over on another base (at most 5 times).
        for attempt in 1...5 {
            let base = try await freeBase()
            do {
                let arguments = [
                    "tls-valid", "proxy-basic", "--bind", "127.0.0.2", "--host-name", Self.name, "--port-base",
                    "\(base)",
                ]
                return try await ServeProcess.with(arguments) { serve in try await device(serve, base: base) }
            } catch let error as ServeProcessError where error.message.contains("already in use") && attempt < 5 {
                continue
            }
        }
    }

    /// The checks of ``device()`` on a `serve` at `base`.
    func device(_ serve: ServeProcess, base: Int) async throws {
        let calls = try ControlAPICalls(serve)
        let endpoints = try serve.endpoints()
        let scenarios = endpoints["scenarios"] as? [[String: Any]] ?? []
        let urls = Dictionary(
            scenarios.map { ($0["scenario"] as? String ?? "", $0["url"] as? String ?? "") },
            uniquingKeysWith: { first, _ in first })
        // Served in order: tls-valid's origin, then proxy-basic's origin and proxy.
        #expect(urls["tls-valid"] == "https://\(Self.name):\(base)/", "\(urls)")
        #expect(urls["proxy-basic"] == "http://\(Self.name):\(base + 1)/", "\(urls)")
        let caFile = try #require(endpoints["caFile"] as? String)

        let valid = try await curl(["--cacert", caFile, "https://\(Self.name):\(base)/"], ports: [base])
        #expect(valid.status == 0, "the certificate holds the host name: \(valid.error)")
        // The proxy reaches its origin by the name too (absolute-form, Host kept).
        let proxied = try await curl(
            [
                "-x", "http://\(Self.name):\(base + 2)", "--proxy-user", "proxy-user:gatekeeper-5",
                "http://\(Self.name):\(base + 1)/",
            ], ports: [base + 2])
        #expect(proxied.status == 0 && proxied.output.contains("through the proxy"), "\(proxied.error)")
        let validVerdict = try await calls.call("GET", "/v1/runs/tls-valid/verdict", schema: "verdict")
        #expect(validVerdict.json["result"] as? String == "pass", "\(validVerdict.body)")
        let proxyVerdict = try await calls.call("GET", "/v1/runs/proxy-basic/verdict", schema: "verdict")
        #expect(proxyVerdict.json["result"] as? String == "pass", "\(proxyVerdict.body)")

        // Runs begun later take the next ports, under the name; the wrong-host certificate lacks it.
        let wrongHost = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-wrong-host"}"#, schema: "run")
            .json
        #expect(wrongHost["url"] as? String == "https://\(Self.name):\(base + 3)/", "\(wrongHost)")
        let refused = try await curl(["--cacert", caFile, "https://\(Self.name):\(base + 3)/"], ports: [base + 3])
        #expect(refused.status == 60, "curl must refuse a certificate without the name: \(refused.error)")
        let accepting = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-wrong-host"}"#, schema: "run")
            .json
        let insecure = try await curl(["-k", accepting["url"] as? String ?? ""], ports: [base + 4])
        #expect(insecure.status == 0, "\(insecure.error)")
        let rightVerdict = try await calls.call(
            "GET", "/v1/runs/\(wrongHost["id"] as? String ?? "")/verdict", schema: "verdict")
        #expect(rightVerdict.json["result"] as? String == "pass", "\(rightVerdict.body)")
        let wrongVerdict = try await calls.call(
            "GET", "/v1/runs/\(accepting["id"] as? String ?? "")/verdict", schema: "verdict")
        #expect(wrongVerdict.json["result"] as? String == "fail", "\(wrongVerdict.body)")

        // An ended run gives its port back to the next one.
        try await calls.call("DELETE", "/v1/runs/\(wrongHost["id"] as? String ?? "")", schema: "ended-run")
        let again = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-valid"}"#, schema: "run").json
        #expect(again["url"] as? String == "https://\(Self.name):\(base + 3)/", "\(again)")

        // A second serve on the same ports: exit 3 and the port named, at once.
        let clash = try await Shell.execute(
            [
                MockAuthDBinary.path, "serve", "--scenarios", MockAuthDBinary.scenarios, "--bind", "127.0.0.2",
                "--port-base", "\(base)", "tls-valid",
            ], timeout: 30)
        #expect(clash.status == 3, "\(clash.output)\(clash.error)")
        #expect(clash.error.contains("port \(base)") && clash.error.contains("already in use"), "\(clash.error)")

        let (status, output) = await serve.stop()
        #expect(status == 0, "\(output)")
        #expect(!output.contains("warning:"), "127.0.0.2 is loopback: no warning")
        try await #expect(calls.validateAll().status == 0)
    }

    @Test("addresses beyond loopback get warnings, the control URL names the host; flags are checked first")
    func warningAndValidation() async throws {
        // Listening on the wildcard address for a moment; the test only talks to 127.0.0.1.
        try await ServeProcess.with([
            "tls-valid", "tls-valid", "--bind", "0.0.0.0", "--control-bind", "0.0.0.0", "--host-name", Self.name,
        ]) { serve in
            let endpoints = try serve.endpoints()
            let scenarios = endpoints["scenarios"] as? [[String: Any]] ?? []
            #expect(scenarios.count == 1, "a scenario named twice is served once")
            let port = try #require((scenarios.first?["url"] as? String).flatMap { URL(string: $0)?.port })
            let caFile = try #require(endpoints["caFile"] as? String)
            let served = try await curl(["--cacert", caFile, "https://\(Self.name):\(port)/"], ports: [port])
            #expect(served.status == 0, "\(served.error)")
            // The control API's URL names the host a device uses, not the wildcard.
            let (url, token) = try serve.control()
            let controlPort = try #require(URL(string: url)?.port)
            #expect(url == "http://\(Self.name):\(controlPort)/")
            let catalog = try await curl(
                [
                    "-H", "Authorization: Bearer \(token)", "-o", "/dev/null", "-w", "%{http_code}",
                    url + "v1/scenarios",
                ],
                ports: [controlPort])
            #expect(catalog.output == "200", "\(catalog.output)\(catalog.error)")
            let (_, output) = await serve.stop()
            #expect(output.contains("Serving 1 scenarios"), "\(output)")
            #expect(output.contains("warning: the scenario servers listen on 0.0.0.0"), "\(output)")
            #expect(output.contains("warning: the control API listens on 0.0.0.0"), "\(output)")
            #expect(!output.contains(token), "the token is never printed")

            for (flags, message) in [
                (["--host-name", "a.test", "--host-name", "b.test", "--host-name", "c.test"], "at most twice"),
                (["--host-name", "bad name!"], "neither a DNS name nor an IP address"),
                (["--port-base", "70000"], "--port-base must be 1…65535"),
            ] {
                let result = try await Shell.execute(
                    [MockAuthDBinary.path, "serve", "--scenarios", MockAuthDBinary.scenarios] + flags, timeout: 30)
                #expect(result.status == 2 && result.error.contains(message), "\(flags): \(result.error)")
            }
        }
    }
}
