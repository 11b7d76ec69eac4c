import MockAuthTranscript
import MockAuthVerdict

/// What a run came to: the verdict, and the one snapshot of the transcript it was judged on.
///
/// `mockauthd check --json` prints both, so the transcript it shows is exactly the one judged.
public struct RunConclusion: Sendable, Equatable {
    /// The verdict on ``transcript``.
    public var verdict: Verdict
    /// What the servers had seen when the run was judged.
    public var transcript: Transcript

    package init(verdict: Verdict, transcript: Transcript) {
        self.verdict = verdict
        self.transcript = transcript
    }
}
