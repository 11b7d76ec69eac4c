/// A client under conformance test: a shell command run once per scenario with the environment of
/// `mockauthd check`. Exit 0 means the client reports success, 89 "this client does not support
/// what the scenario needs" (skipped), anything else failure.
public struct ConformanceClient: Sendable, Hashable {
    /// The exit status meaning "not supported": skipped, never counted (as BoGo shims do).
    public static let unsupportedExitStatus: Int32 = 89

    /// The column name in reports.
    public var name: String
    /// The command, run with `/bin/sh -c`.
    public var command: String
    /// Features the client lacks (see ``ScenarioFeatures``); scenarios needing one are skipped.
    public var lacks: Set<String>

    public init(name: String, command: String, lacks: Set<String> = []) {
        self.name = name
        self.command = command
        self.lacks = lacks
    }
}
