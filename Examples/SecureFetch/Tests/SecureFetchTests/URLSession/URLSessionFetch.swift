import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET through a fresh ephemeral URLSession, ended by a deadline of its own.
///
/// The session has request and resource timeouts, but FoundationNetworking 6.3.1 on Linux never
/// completes a task whose Basic 401 the delegate declines, timeouts or not (fixed in 6.3.2). So
/// the task is also cancelled at `deadline`, and the outcome then says ``Outcome/timedOut``.
enum URLSessionFetch {
    struct Outcome: Sendable {
        var status: Int?
        var body: String
        var finalURL: String?
        var error: (any Error)?
        /// Whether the fetch's own deadline ended it (the session never completed the task).
        var timedOut: Bool
    }

    static func get(_ url: String, delegate: BasicChallengeAnswerer, deadline: Duration = .seconds(15)) async
        -> Outcome
    {
        guard let target = URL(string: url) else { return failure(URLError(.badURL)) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 15
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: target)
        request.timeoutInterval = 10

        let once = Once()
        return await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                let http = response as? HTTPURLResponse
                once.resume(
                    continuation,
                    with: Outcome(
                        status: error == nil ? http?.statusCode : nil,
                        body: String(decoding: data ?? Data(), as: UTF8.self),
                        finalURL: response?.url?.absoluteString, error: error, timedOut: false))
            }
            task.resume()
            Task {
                try? await Task.sleep(for: deadline)
                if once.resume(continuation, with: failure(URLError(.timedOut), timedOut: true)) {
                    task.cancel()
                }
            }
        }
    }

    private static func failure(_ error: URLError, timedOut: Bool = false) -> Outcome {
        Outcome(status: nil, body: "", finalURL: nil, error: error, timedOut: timedOut)
    }

    /// Resumes a continuation once, from whichever side comes first.
    private final class Once: Sendable {
        private let done = Mutex(false)

        @discardableResult
        func resume(_ continuation: CheckedContinuation<Outcome, Never>, with outcome: Outcome) -> Bool {
            let first = done.withLock { done in
                defer { done = true }
                return !done
            }
            if first { continuation.resume(returning: outcome) }
            return first
        }
    }
}
