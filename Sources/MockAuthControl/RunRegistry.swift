import MockAuth
import MockAuthRemote

/// Every run the control API knows: the live ones (each with its own servers, transcript and
/// state) and, for the report `serve` writes on exit, the judged ones that saw traffic.
///
/// Runs are begun by `POST /v1/runs` (at most ``maxLiveRuns`` at once) or adopted when `serve`
/// starts (the scenarios it prints, under their own names, not counted against the limit).
public actor RunRegistry {
    /// Starts a scenario's servers for a new run.
    public typealias RunStarter = @Sendable (Scenario) async throws -> ScenarioRun

    private struct Entry {
        var id: String
        var client: String
        var run: ScenarioRun
        var began: ContinuousClock.Instant
        var counted: Bool
    }

    private let catalog: [Scenario]
    private let scenariosByName: [String: Scenario]
    private let startRun: RunStarter
    /// How many runs begun through the API may be live at once.
    package let maxLiveRuns: Int
    private var live: [String: Entry] = [:]
    /// Live run ids, in the order they began.
    private var order: [String] = []
    /// Runs begun through the API that are live or starting.
    private var counted = 0
    private var finished: [FinishedRun] = []
    /// Set by ``endAll()``: no run begins after it.
    private var closed = false
    private let clock = ContinuousClock()

    /// - Parameters:
    ///   - catalog: the scenarios `POST /v1/runs` may name (retired ones are left out).
    ///   - maxLiveRuns: the most runs begun through the API that may be live at once (`429` beyond).
    ///   - startRun: starts a scenario's servers (with `serve`'s PKI, client files, limits, addresses).
    public init(catalog: [Scenario], maxLiveRuns: Int, startRun: @escaping RunStarter) {
        self.catalog = catalog.filter { $0.retired == nil }
        self.scenariosByName = Dictionary(self.catalog.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.maxLiveRuns = maxLiveRuns
        self.startRun = startRun
    }

    /// The catalog, as `GET /v1/scenarios` lists it.
    package func scenarios() -> [RemoteScenario] {
        catalog.map { scenario in
            RemoteScenario(
                name: scenario.name, summary: scenario.summary, description: scenario.description,
                tags: scenario.tags, control: scenario.control, correctClient: scenario.correctClientSummary)
        }
    }

    /// Registers a run `serve` started itself, under its scenario's name.
    package func adopt(_ run: ScenarioRun, client: String = "remote") {
        let id = run.scenario.name
        guard live[id] == nil else { return }
        live[id] = Entry(id: id, client: client, run: run, began: clock.now, counted: false)
        order.append(id)
    }

    /// Begins a run of `request.scenario` on servers of its own.
    package func begin(_ request: RunRequest) async throws(ControlFailure) -> RunDescription {
        guard let scenario = scenariosByName[request.scenario] else {
            throw ControlFailure(
                .notFound, "no scenario '\(ControlFailure.printable(request.scenario))' (GET /v1/scenarios lists them)")
        }
        guard !closed else { throw ControlFailure(.serviceUnavailable, "serve is stopping") }
        guard counted < maxLiveRuns else {
            throw ControlFailure(
                .tooManyRequests,
                "\(counted) runs are live, the most allowed (--max-runs \(maxLiveRuns)): end one with DELETE /v1/runs/ID"
            )
        }
        counted += 1  // reserved before the await: concurrent requests cannot overshoot the limit
        let run: ScenarioRun
        do {
            run = try await startRun(scenario)
        } catch {
            counted -= 1
            throw ControlFailure(.internalServerError, "cannot start \(scenario.name): \(error)")
        }
        guard !closed else {
            await run.shutdown()
            counted -= 1
            throw ControlFailure(.serviceUnavailable, "serve is stopping")
        }
        var id = Self.newID()
        while live[id] != nil { id = Self.newID() }
        live[id] = Entry(id: id, client: request.client ?? "remote", run: run, began: clock.now, counted: true)
        order.append(id)
        return Self.describe(run, id: id)
    }

    /// The live runs, oldest first.
    package func runs() -> [RunSummary] {
        order.compactMap { live[$0] }.map { RunSummary(id: $0.id, scenario: $0.run.scenario.name, url: $0.run.url) }
    }

    /// What the live run `id` was given when it began.
    package func description(of id: String) throws(ControlFailure) -> RunDescription {
        Self.describe(try entry(id).run, id: id)
    }

    /// The verdict on what run `id`'s servers have seen so far. With `controlID`, a run of the
    /// scenario's control, a PASS or a FAIL is checked against the control as `mockauthd check`
    /// does (``Judge/applyingControl(_:to:)``).
    ///
    /// Refused with `404` when run `id` is not live; with `409` when `controlID` conflicts with the
    /// runs as they are: the scenario has no control, the run it names is not live, or that run is of
    /// another scenario than the control.
    package func verdict(of id: String, control controlID: String?) async throws(ControlFailure) -> Verdict {
        let run = try entry(id).run
        guard let controlID else { return await run.verdictSoFar() }
        guard let controlName = run.scenario.control else { throw .noControl(run.scenario.name) }
        guard let control = live[controlID]?.run else {
            throw .controlNotLive(controlID, control: controlName, of: run.scenario.name)
        }
        guard control.scenario.name == controlName else {
            throw .notTheControl(
                controlID, of: control.scenario.name, control: controlName, of: run.scenario.name)
        }
        let verdict = await run.verdictSoFar()
        guard verdict.result == .pass || verdict.result == .fail else { return verdict }
        return Judge.applyingControl(await control.verdictSoFar(), to: verdict)
    }

    /// Everything run `id`'s servers have seen so far.
    package func transcript(of id: String) throws(ControlFailure) -> Transcript {
        try entry(id).run.transcript()
    }

    /// Ends run `id`: judges it, stops its servers and frees its ports.
    package func end(_ id: String) async throws(ControlFailure) -> EndedRun {
        let entry = try entry(id)
        live[id] = nil
        order.removeAll { $0 == id }
        let judged = await finish(entry)
        return EndedRun(id: id, scenario: entry.run.scenario.name, verdict: judged.verdict)
    }

    /// Ends every live run, and returns every run that saw traffic, judged, in the order they ended.
    public func endAll() async -> [FinishedRun] {
        closed = true
        let entries = order.compactMap { live[$0] }
        live = [:]
        order = []
        for entry in entries { _ = await finish(entry) }
        return finished
    }

    private func finish(_ entry: Entry) async -> JudgedRun {
        // The client may still be running: only exchanges under way are waited for.
        let conclusion = await entry.run.conclude(settling: .exchanges)
        if entry.counted { counted -= 1 }
        let judged = JudgedRun(
            client: entry.client, scenario: entry.run.scenario, verdict: conclusion.verdict,
            transcript: conclusion.transcript, duration: clock.now - entry.began)
        if !conclusion.transcript.connections.isEmpty { finished.append(FinishedRun(id: entry.id, judged: judged)) }
        return judged
    }

    private func entry(_ id: String) throws(ControlFailure) -> Entry {
        guard let entry = live[id] else { throw ControlFailure.unknownRun(id) }
        return entry
    }

    private static func describe(_ run: ScenarioRun, id: String) -> RunDescription {
        RunDescription(
            id: id, scenario: run.scenario.name, control: run.scenario.control, url: run.url, urls: run.urls,
            environment: run.environment, material: run.material)
    }

    /// `run-` and 12 random base-36 characters.
    private static func newID() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return "run-" + String((0..<12).compactMap { _ in alphabet.randomElement(using: &generator) })
    }
}

/// A run that has ended, judged: what `serve` reports on exit.
public struct FinishedRun: Sendable {
    /// Its id in the control API (a scenario's name for the runs `serve` started itself).
    public var id: String
    public var judged: JudgedRun
}
