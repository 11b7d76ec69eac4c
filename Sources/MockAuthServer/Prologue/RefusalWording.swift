/// How a listener words an answer it gives before its own handler sees the request (a head over
/// ``RequestHeadLimits``): plain text for scenario servers and proxies, JSON for the control API,
/// whose every error has one shape.
package struct RefusalWording: Sendable {
    /// The `Content-Type` of the answer.
    let contentType: String
    /// Headers the listener adds to every answer.
    let headers: [(String, String)]
    /// The body, from the refusal in words.
    let body: @Sendable (String) -> String

    /// - Parameters:
    ///   - contentType: the answer's `Content-Type`.
    ///   - headers: headers the listener adds to every answer (`Cache-Control` …).
    ///   - body: the body, given the refusal in words ("the request carried 151 header fields …").
    package init(contentType: String, headers: [(String, String)] = [], body: @escaping @Sendable (String) -> String) {
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// The refusal in words and a newline, as `text/plain`: what a scenario server or a proxy answers.
    static let text = RefusalWording(contentType: "text/plain; charset=utf-8") { $0 + "\n" }
}
