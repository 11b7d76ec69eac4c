import Foundation
import MockAuth
import MockAuthRemote
import NIOHTTP1
import Testing

@testable import MockAuthControl

/// What the control API answers when a well-formed request meets runs that cannot serve it: `404`
/// for a run that is gone, `409` for a `?control=` that conflicts with the runs, and `400` only for
/// what the contract's schemas refuse. Runs of basic (no control), tls-expired and tls-valid (its
/// control), on real servers, through ``ControlAPI`` in-process.
@Suite("Control API: the state of runs")
struct ControlRunStateTests {
    /// The API over a registry of basic, tls-expired and tls-valid, and one run begun of each.
    struct Fixture {
        var api: ControlAPI
        var basic: String
        var expired: String
        var valid: String

        static func start() async throws -> Fixture {
            let catalog = try ScenarioCatalog.default()
            let scenarios = try ["basic", "tls-expired", "tls-valid"].map { try catalog.load($0) }
            let registry = RunRegistry(catalog: scenarios, maxLiveRuns: 4) { scenario in
                try await ScenarioRun.start(scenario)
            }
            let api = ControlAPI(token: .testToken, registry: registry)
            var ids: [String] = []
            for name in ["basic", "tls-expired", "tls-valid"] {
                let answer = await api.respond(
                    to: ControlRequest(
                        method: .POST, target: "/v1/runs", authorization: Self.authorization,
                        body: Array(#"{"scenario":"\#(name)"}"#.utf8)))
                #expect(answer.status == .created, "\(String(decoding: answer.body, as: UTF8.self))")
                ids.append(try JSONDecoder().decode(RunDescription.self, from: Data(answer.body)).id)
            }
            return Fixture(api: api, basic: ids[0], expired: ids[1], valid: ids[2])
        }

        static let authorization = "Bearer \(ControlToken.testToken.secret)"

        /// The answer to `GET target`: its status code and the message of its JSON error body (empty
        /// for a success).
        func get(_ target: String) async throws -> (status: UInt, error: String) {
            await answer(.GET, target)
        }

        func answer(_ method: HTTPMethod, _ target: String) async -> (status: UInt, error: String) {
            let response = await api.respond(
                to: ControlRequest(method: method, target: target, authorization: Self.authorization))
            let error = (try? JSONDecoder().decode(ControlErrorBody.self, from: Data(response.body)))?.error ?? ""
            return (response.status.code, error)
        }

        func stop() async { _ = await api.registry.endAll() }
    }

    @Test("?control= on a run whose scenario has no control: 409, whatever run it names")
    func noControl() async throws {
        let runs = try await Fixture.start()
        for (id, control) in [
            (runs.basic, runs.expired), (runs.valid, runs.expired), (runs.valid, runs.valid),
            (runs.basic, "run-000000000000"),
        ] {
            let answer = try await runs.get("/v1/runs/\(id)/verdict?control=\(control)")
            #expect(answer.status == 409, "\(id) ?control=\(control): \(answer)")
            #expect(answer.error.hasSuffix("has no control: ask without ?control="), "\(answer.error)")
        }
        await runs.stop()
    }

    @Test("?control= naming a run that is not live: 409, not the 404 of a run that is gone")
    func controlNotLive() async throws {
        let runs = try await Fixture.start()
        let never = try await runs.get("/v1/runs/\(runs.expired)/verdict?control=run-000000000000")
        #expect(never.status == 409, "\(never)")
        #expect(never.error.contains("no run 'run-000000000000' to check against"), "\(never.error)")
        #expect(never.error.contains("tls-expired's control tls-valid"), "\(never.error)")
        // Against the live control it is judged; once the control has ended, it conflicts.
        await #expect(try runs.get("/v1/runs/\(runs.expired)/verdict?control=\(runs.valid)").status == 200)
        #expect(await runs.answer(.DELETE, "/v1/runs/\(runs.valid)").status == 200)
        let ended = try await runs.get("/v1/runs/\(runs.expired)/verdict?control=\(runs.valid)")
        #expect(ended.status == 409 && ended.error.contains("no run '\(runs.valid)' to check against"), "\(ended)")
        await runs.stop()
    }

    @Test("?control= naming a live run of another scenario than the control: 409")
    func notTheControl() async throws {
        let runs = try await Fixture.start()
        for control in [runs.basic, runs.expired] {
            let answer = try await runs.get("/v1/runs/\(runs.expired)/verdict?control=\(control)")
            #expect(answer.status == 409, "\(answer)")
            #expect(answer.error.contains("not of tls-expired's control tls-valid"), "\(answer.error)")
        }
        await runs.stop()
    }

    @Test("a run that is gone is 404 before anything about its ?control= is looked at")
    func goneRunFirst() async throws {
        let runs = try await Fixture.start()
        #expect(await runs.answer(.DELETE, "/v1/runs/\(runs.expired)").status == 200)
        for control in [runs.valid, runs.basic, "run-000000000000"] {
            let answer = try await runs.get("/v1/runs/\(runs.expired)/verdict?control=\(control)")
            #expect(answer.status == 404, "\(answer)")
            #expect(answer.error == "no run '\(runs.expired)': it never began, or it has ended")
        }
        await runs.stop()
    }

    @Test(
        "a ?control= that is not a run id (what the contract's RunID pattern refuses) is 400",
        arguments: ["", "-run", "run%20one", "r%C3%A9", ".hidden", String(repeating: "x", count: 129)])
    func notARunID(control: String) async throws {
        let runs = try await Fixture.start()
        // Whatever the run: the request itself is malformed.
        for id in [runs.basic, runs.expired, "run-000000000000"] {
            let answer = try await runs.get("/v1/runs/\(id)/verdict?control=\(control)")
            #expect(answer.status == 400, "\(id) ?control=\(control): \(answer)")
            #expect(answer.error.hasPrefix("?control= must be a run id"), "\(answer.error)")
        }
        await runs.stop()
    }

    @Test("the longest run id the pattern allows is a run id: 409 for a run that is not live, not 400")
    func longestRunID() async throws {
        let runs = try await Fixture.start()
        let longest = "r" + String(repeating: "-", count: 127)
        let answer = try await runs.get("/v1/runs/\(runs.expired)/verdict?control=\(longest)")
        #expect(answer.status == 409, "\(answer)")
        await runs.stop()
    }
}
