import MockAuthJudge
import MockAuthVerdict

extension ScenarioRun {
    /// What a run waits for before it takes the transcript it judges.
    public enum Settling: Sendable, Equatable {
        /// Every connection to end or go idle: the client is done (`check`, `conform`, `replay`,
        /// `withScenario`).
        case connections
        /// Only an exchange under way, a handshake or a request not yet answered, not the idle
        /// keep-alive connections a live client holds open: a run begun through `serve`'s control
        /// API, whose client may still be running.
        case exchanges
    }

    /// Waits as `settling` says, takes one snapshot of the transcript, and judges that snapshot.
    /// The run goes on: ask again later, or ``conclude(settling:client:)``.
    ///
    /// - Parameters:
    ///   - settling: what to wait for first.
    ///   - client: how the client's command ended, for clients that are commands.
    public func judge(settling: Settling = .connections, client: ClientExit? = nil) async -> RunConclusion {
        switch settling {
        case .connections: await server.settle()
        case .exchanges: await server.settleExchanges()
        }
        let transcript = server.transcript()
        return RunConclusion(
            verdict: Judge.verdict(for: scenario, transcript: transcript, client: client), transcript: transcript)
    }

    /// The one way a run ends: ``judge(settling:client:)``, then ``shutdown()``. Every face ends its
    /// runs here (`check`, `conform`, `replay`, `withScenario`, the control API).
    public func conclude(settling: Settling = .connections, client: ClientExit? = nil) async -> RunConclusion {
        let conclusion = await judge(settling: settling, client: client)
        await shutdown()
        return conclusion
    }

    /// Waits for in-flight connections to settle, then judges the transcript.
    public func verdict(client: ClientExit? = nil) async -> Verdict {
        await judge(client: client).verdict
    }

    /// Judges what the servers have seen so far while the client is still running (a run begun
    /// through `serve`'s control API): only an exchange under way (a handshake, a request not yet
    /// answered) is waited for, not the idle keep-alive connections a live client holds open.
    public func verdictSoFar() async -> Verdict {
        await judge(settling: .exchanges).verdict
    }
}
