import NIOHTTP1

/// One request to the control API, as the HTTP layer hands it over.
public struct ControlRequest: Sendable {
    public var method: HTTPMethod
    /// The request target, e.g. `/v1/runs/run-abc/verdict?control=run-def`.
    public var target: String
    /// The `Authorization` header, if one was sent.
    public var authorization: String?
    public var body: [UInt8]

    public init(method: HTTPMethod, target: String, authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.authorization = authorization
        self.body = body
    }
}

/// The control API's answer: a status, JSON, and any headers it needs (`Allow`, `WWW-Authenticate`).
public struct ControlResponse: Sendable {
    public var status: HTTPResponseStatus
    public var headers: [(String, String)]
    /// UTF-8 JSON.
    public var body: [UInt8]

    public init(status: HTTPResponseStatus, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
