import NIOHTTP1

/// Why the control API refuses a request: the status it answers with, and the message of the JSON
/// error body.
package struct ControlFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var status: HTTPResponseStatus
    package var message: String

    package init(_ status: HTTPResponseStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    package var description: String { "\(status.code) \(message)" }

    static func unknownRun(_ id: String) -> ControlFailure {
        ControlFailure(.notFound, "no run '\(id)': it never began, or it has ended")
    }
}
