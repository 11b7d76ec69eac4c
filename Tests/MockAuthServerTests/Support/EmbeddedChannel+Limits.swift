import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

extension EmbeddedChannel {
    /// Advances the virtual clock by `before` and expects the connection still open, then by `after`
    /// and expects it closed, with `recorder` saying that `limit` closed it: a limit that holds to
    /// its time, neither sooner nor later.
    func expectClosed(
        by limit: ConnectionLimit, after before: TimeAmount, within after: TimeAmount, recorder: ConnectionRecorder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        embeddedEventLoop.advanceTime(by: before)
        #expect(isActive, "closed before \(limit) passed", sourceLocation: sourceLocation)
        embeddedEventLoop.advanceTime(by: after)
        #expect(!isActive, "open after \(limit) passed", sourceLocation: sourceLocation)
        #expect(recorder.record.closedByLimit == limit, sourceLocation: sourceLocation)
    }
}
