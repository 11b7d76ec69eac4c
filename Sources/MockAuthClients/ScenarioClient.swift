import MockAuth

/// A client as ``ScenarioRunner`` drives it: anything that can be pointed at a running scenario.
///
/// Built-in clients are `CommandClient` (any program, any language; `MockAuthCommands`), ``URLSessionClient`` and
/// `AsyncHTTPClientClient`; ``ChallengeClient`` is the easy way to write your own.
public protocol ScenarioClient: Sendable {
    /// The name reports use ("curl", "URLSession" …).
    var name: String { get }
    /// What the client's library lacks, as its documentation says: a scenario that needs one of
    /// these is UNSUPPORTED (not judged, not a failure), with the reason.
    var lacks: Set<ClientFeature> { get }
    /// What the client as driven here cannot be given (its adapter cannot express it), though its
    /// library may have it: a scenario that needs one of these is skipped (SKIP), with the reason.
    var unsupported: Set<ClientFeature> { get }
    /// What the client's library lacks that `scenario` needs, in words (empty when it can take
    /// part): by default the features of ``lacks`` the scenario requires.
    func lacking(in scenario: Scenario) -> [String]
    /// What the client cannot be given here that `scenario` needs, in words: by default the
    /// features of ``unsupported`` the scenario requires.
    func unsupported(in scenario: Scenario) -> [String]
    /// Runs the client against `run`, whose servers are up, and reports what happened. The verdict
    /// comes from what the servers saw; the report says how the client ended.
    ///
    /// - Parameters:
    ///   - run: the running scenario: its URLs, environment and material.
    ///   - timeoutSeconds: how long the client may take in all.
    /// - Throws: only for failures of the harness (the client could not be started at all).
    func exercise(_ run: ScenarioRun, timeoutSeconds: Int) async throws -> ClientReport
}

extension ScenarioClient {
    public var lacks: Set<ClientFeature> { [] }
    public var unsupported: Set<ClientFeature> { [] }

    public func lacking(in scenario: Scenario) -> [String] {
        scenario.requirements.unmet(lacking: lacks)
    }

    public func unsupported(in scenario: Scenario) -> [String] {
        scenario.requirements.unmet(lacking: unsupported)
    }
}
