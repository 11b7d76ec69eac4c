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

    /// `404`: the run a path names is not live.
    static func unknownRun(_ id: String) -> ControlFailure {
        ControlFailure(.notFound, "no run '\(id)': it never began, or it has ended")
    }

    /// `400`: `?control=` is not a run id, which the contract's schema refuses too.
    static func notARunID(_ control: String) -> ControlFailure {
        ControlFailure(
            .badRequest,
            "?control= must be a run id (a letter or digit, then at most 127 letters, digits, '.', '_', '-'), not '\(printable(control))'"
        )
    }

    /// `409`: `?control=` on a run whose scenario has no control.
    static func noControl(_ scenario: String) -> ControlFailure {
        ControlFailure(.conflict, "\(scenario) has no control: ask without ?control=")
    }

    /// `409`: `?control=` names a run that is not live.
    static func controlNotLive(_ id: String, control: String, of scenario: String) -> ControlFailure {
        ControlFailure(
            .conflict,
            "no run '\(id)' to check against: it never began, or it has ended (begin a run of \(scenario)'s control \(control))"
        )
    }

    /// `409`: `?control=` names a live run of another scenario than the control.
    static func notTheControl(_ id: String, of actual: String, control: String, of scenario: String)
        -> ControlFailure
    {
        ControlFailure(.conflict, "run '\(id)' is of \(actual), not of \(scenario)'s control \(control)")
    }

    /// `text` as it may appear in a message: at most 100 characters, printable ASCII.
    static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.prefix(100).map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?"
            })
    }
}
