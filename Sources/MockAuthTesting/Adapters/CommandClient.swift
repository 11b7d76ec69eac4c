import MockAuth

/// A client that is an external command, run with the environment of `mockauthd check`
/// (`MOCKAUTH_URL`, `MOCKAUTH_CA_FILE` …): any client in any language.
///
/// ```swift
/// let curl = CommandClient(name: "curl", shell: #"curl -sS --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#)
/// let report = try await replay(["tls-valid", "tls-expired"], with: curl)
/// ```
public struct CommandClient: ChallengeClient {
    public let name: String
    public let unsupported: Set<ClientCapability>
    /// The command, run with `/bin/sh -c`.
    public let shell: String

    public init(name: String, shell: String, unsupported: Set<ClientCapability> = []) {
        self.name = name
        self.shell = shell
        self.unsupported = unsupported
    }

    public func perform(_ context: ClientContext) async -> ClientReport {
        do {
            let outcome = try await ClientCommand(
                arguments: ["/bin/sh", "-c", shell], environment: context.environment
            )
            .run(timeoutSeconds: context.requestTimeoutSeconds * max(1, context.urls.count))
            // A command reports one exit status for all its requests.
            let status = outcome.timedOut ? "timed out" : "exited \(outcome.exitStatus ?? -1)"
            let failed = outcome.timedOut || outcome.exitStatus != 0
            return ClientReport(
                outcomes: context.urls.map {
                    ClientReport.Outcome(url: $0, error: failed ? "the command \(status)" : nil)
                })
        } catch {
            return ClientReport(notAttempted: "\(error)")
        }
    }
}
