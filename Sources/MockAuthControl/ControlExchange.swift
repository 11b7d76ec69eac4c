import NIOHTTP1

/// One request to the control API, as the HTTP layer hands it over.
package struct ControlRequest: Sendable {
    package var method: HTTPMethod
    /// The request target, e.g. `/v1/runs/run-abc/verdict?control=run-def`.
    package var target: String
    /// The `Authorization` header, if one was sent.
    package var authorization: String?
    package var body: [UInt8]

    package init(method: HTTPMethod, target: String, authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.authorization = authorization
        self.body = body
    }
}

/// The control API's answer: a status, JSON, and any headers it needs (`Allow`, `WWW-Authenticate`).
package struct ControlResponse: Sendable {
    package var status: HTTPResponseStatus
    package var headers: [(String, String)]
    /// UTF-8 JSON.
    package var body: [UInt8]

    package init(status: HTTPResponseStatus, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
