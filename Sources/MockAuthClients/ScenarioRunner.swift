import MockAuth

/// The one way MockAuth runs scenarios against clients: skip what a client cannot do, start the
/// scenario's servers, run the client, judge what the servers saw, shut down; and for a scenario
/// with a control that the client passed or failed, judge its control for the same client and
/// apply the wrong-reason rule
/// (`Judge.applyingControl(_:to:)`). `mockauthd check`, `mockauthd conform`,
/// ``replay(_:catalog:with:timeoutSeconds:jobs:)`` and `withScenario` all go through it, so every face gives the same verdict
/// for the same client.
///
/// ```swift
/// let runner = ScenarioRunner(timeoutSeconds: 30)
/// let runs = await runner.run(try catalog.loadAll(), clients: [curl], controls: catalog)
/// ```
public struct ScenarioRunner: Sendable {
    /// How long a client may take on one scenario.
    public var timeoutSeconds: Int
    /// The PKI scenarios are issued from; `nil`: the one shared by the process.
    public var pki: HarnessPKI?
    /// How long the scenarios' servers wait for a slow client.
    public var limits: ConnectionLimits
    /// Where the scenarios' servers listen and the names their URLs use: loopback and `127.0.0.1`
    /// by default; ``ServerAddressing/localhost`` for URLSession on Apple platforms, which App
    /// Transport Security lets reach `localhost` without exceptions.
    public var addressing: ServerAddressing
    /// Starts the Kerberos realm of a scenario whose servers verify tickets (mockauthd passes
    /// MockAuthKerberos's); without one such a scenario is a harness failure that says so.
    package var kerberos: (any KerberosRealmProvider)?

    public init(
        timeoutSeconds: Int = 60, pki: HarnessPKI? = nil, limits: ConnectionLimits = .default,
        addressing: ServerAddressing = .loopback
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.pki = pki
        self.limits = limits
        self.addressing = addressing
    }

    /// Judges `client` on `scenario` alone, without its control.
    public func run(_ scenario: Scenario, with client: some ScenarioClient) async -> JudgedRun {
        let clock = ContinuousClock()
        let start = clock.now
        var judged = await judge(scenario, client)
        judged.duration = clock.now - start
        return judged
    }

    /// Judges every client on every scenario, `jobs` runs at a time, and applies the wrong-reason
    /// rule to every run that passed a scenario with a control: the control's run in this matrix when
    /// it is part of it, else a run of its own (only then, and only once per client), loaded from
    /// `controls` (no control rule when `controls` is `nil` or lacks it).
    ///
    /// - Parameters:
    ///   - scenarios: the scenarios, in report order.
    ///   - clients: the clients, in report order.
    ///   - controls: where controls that are not among `scenarios` are loaded from.
    ///   - jobs: how many runs go on at once.
    ///   - progress: called as each reported run is final (its control judged), in the order they finish.
    /// - Returns: one run per client and scenario, clients first, in the order given.
    public func run(
        _ scenarios: [Scenario], clients: [any ScenarioClient], controls: ScenarioCatalog? = nil, jobs: Int = 1,
        progress: @Sendable (JudgedRun) -> Void = { _ in }
    ) async -> [JudgedRun] {
        let plan = MatrixPlan(scenarios: scenarios, clients: clients, extraControls: loadControls(scenarios, controls))
        var queue = plan.reportedCells
        var scheduled = Set(queue)
        var finished: [MatrixPlan.Cell: JudgedRun] = [:]
        var waiting: [MatrixPlan.Cell: [MatrixPlan.Cell]] = [:]

        /// Reports a run once it is final: at once unless it passed or failed a scenario whose control
        /// is not judged yet.
        func settle(_ cell: MatrixPlan.Cell) {
            guard plan.isReported(cell), var judged = finished[cell] else { return }
            let judgedAgainstControl = judged.verdict.result == .pass || judged.verdict.result == .fail
            if judgedAgainstControl, let control = plan.control(of: cell) {
                guard let twin = finished[control] else {
                    waiting[control, default: []].append(cell)
                    if scheduled.insert(control).inserted { queue.insert(control, at: 0) }
                    return
                }
                judged.verdict = Judge.applyingControl(twin.verdict, to: judged.verdict)
                finished[cell] = judged
            }
            progress(judged)
        }

        await withTaskGroup(of: (MatrixPlan.Cell, JudgedRun).self) { group in
            func startNext() {
                guard !queue.isEmpty else { return }
                let cell = queue.removeFirst()
                let client = plan.clients[cell.client]
                let scenario = plan.scenario(cell)
                group.addTask { (cell, await self.run(scenario, with: client)) }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            for await (cell, judged) in group {
                finished[cell] = judged
                settle(cell)
                for dependent in waiting.removeValue(forKey: cell) ?? [] { settle(dependent) }
                startNext()
            }
        }
        return plan.reportedCells.compactMap { finished[$0] }
    }

    /// The controls named by `scenarios` that are not among them, loaded from `catalog`.
    private func loadControls(_ scenarios: [Scenario], _ catalog: ScenarioCatalog?) -> [Scenario] {
        guard let catalog else { return [] }
        let present = Set(scenarios.map(\.name))
        let missing = Set(scenarios.compactMap(\.control)).subtracting(present)
        return missing.sorted().compactMap { try? catalog.load($0) }
    }

    /// Start → exercise → conclude (`ScenarioRun.conclude(settling:client:)`: one snapshot of the
    /// transcript, judged, then the servers stop): the servers stop whether `exercise` returns or
    /// throws, and its error is rethrown. Every face's runs go through here; the result's transcript
    /// is the very one its verdict judged.
    ///
    /// - Parameters:
    ///   - scenario: the scenario to start.
    ///   - client: the client's name, for the result.
    ///   - exercise: runs the client against the scenario's running servers.
    public func judge(
        _ scenario: Scenario, client: String, exercise: (ScenarioRun) async throws -> ClientReport
    ) async throws -> JudgedRun {
        let run = try await ScenarioRun.start(
            scenario, pki: pki, limits: limits, addressing: addressing, kerberos: kerberos)
        let report: ClientReport
        do {
            report = try await exercise(run)
        } catch {
            await run.shutdown()
            throw error
        }
        let conclusion = await run.conclude(client: report.exit)
        var verdict = conclusion.verdict
        if let notAttempted = report.notAttempted, verdict.note == nil {
            verdict.note = "the client did not try: \(notAttempted)"
        }
        return JudgedRun(
            client: client, scenario: scenario, verdict: verdict, transcript: conclusion.transcript, report: report)
    }

    /// UNSUPPORTED (the client's library lacks a feature the scenario needs), else SKIP (the client as
    /// driven here cannot be given one), else ``judge(_:client:exercise:)``; a failure of the harness
    /// becomes an ERROR verdict.
    private func judge(_ scenario: Scenario, _ client: some ScenarioClient) async -> JudgedRun {
        let lacking = client.lacking(in: scenario)
        guard lacking.isEmpty else {
            let verdict = Judge.unsupported(
                scenario.name, because: "\(client.name) lacks \(lacking.joined(separator: ", "))")
            return JudgedRun(client: client.name, scenario: scenario, verdict: verdict)
        }
        let missing = client.unsupported(in: scenario)
        guard missing.isEmpty else {
            let verdict = Judge.skipped(
                scenario.name, because: "\(client.name) cannot be given \(missing.joined(separator: ", ")) here")
            return JudgedRun(client: client.name, scenario: scenario, verdict: verdict)
        }
        if kerberos == nil, scenario.requirements.features.contains(.kerberos) {
            let verdict = Judge.skipped(
                scenario.name,
                because:
                    "this runner starts no Kerberos realm (mockauthd's runs do, with MIT Kerberos, on macOS and Linux)")
            return JudgedRun(client: client.name, scenario: scenario, verdict: verdict)
        }
        do {
            return try await judge(scenario, client: client.name) { run in
                try await client.exercise(run, timeoutSeconds: timeoutSeconds)
            }
        } catch {
            let verdict = Judge.harnessFailed(scenario.name, because: "the harness failed: \(error)")
            return JudgedRun(client: client.name, scenario: scenario, verdict: verdict)
        }
    }
}

/// Which runs a matrix needs: every client on every scenario, plus controls that are not scenarios
/// of the matrix (run, but not reported).
private struct MatrixPlan: Sendable {
    struct Cell: Hashable, Sendable {
        var client: Int
        /// An index into ``MatrixPlan/scenarios`` followed by ``MatrixPlan/extraControls``.
        var scenario: Int
    }

    let scenarios: [Scenario]
    let clients: [any ScenarioClient]
    let extraControls: [Scenario]
    private let indexByName: [String: Int]

    init(scenarios: [Scenario], clients: [any ScenarioClient], extraControls: [Scenario]) {
        self.scenarios = scenarios
        self.clients = clients
        self.extraControls = extraControls
        var indexByName: [String: Int] = [:]
        for (index, scenario) in (scenarios + extraControls).enumerated() where indexByName[scenario.name] == nil {
            indexByName[scenario.name] = index
        }
        self.indexByName = indexByName
    }

    /// The cells reported, clients first.
    var reportedCells: [Cell] {
        clients.indices.flatMap { client in scenarios.indices.map { Cell(client: client, scenario: $0) } }
    }

    func scenario(_ cell: Cell) -> Scenario {
        cell.scenario < scenarios.count ? scenarios[cell.scenario] : extraControls[cell.scenario - scenarios.count]
    }

    func isReported(_ cell: Cell) -> Bool { cell.scenario < scenarios.count }

    /// The cell of `cell`'s control for the same client, if the scenario names one the plan runs.
    func control(of cell: Cell) -> Cell? {
        guard let name = scenario(cell).control, let index = indexByName[name], index != cell.scenario else {
            return nil
        }
        return Cell(client: cell.client, scenario: index)
    }
}
