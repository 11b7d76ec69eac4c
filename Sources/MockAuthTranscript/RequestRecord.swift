import MockAuthVocabulary

/// One HTTP request as the server received it, and the status it answered with.
public struct RequestRecord: Sendable, Codable, Hashable {
    public var method: String
    /// The request-target exactly as sent (`/`, `/a?b=c`, `http://host/` for a proxy).
    public var target: String
    /// Every header line, in order, names as sent.
    public var headers: [HeaderField]
    /// The status code the server answered with, or `nil` if the connection closed first.
    public var responseStatus: Int?
    /// The request's place among every request of the run, across connections and servers.
    public var sequence: UInt64
    /// What the server made of the request's credentials, when the route demands authentication.
    public var auth: AuthRecord?
    /// The `Location` the server redirected to, if it did.
    public var redirectedTo: String?
    /// Why the server refused the request for its size, when it did (`431`, `413`).
    public var refusal: RequestRefusal?
    /// The body the request carried, when it carried one (`nil`: none, or the server answered
    /// before it, as `Expect: 100-continue` allows).
    public var body: BodyRecord?
    /// How many identical requests (same method, target, headers, answer and authentication) followed
    /// this one and were folded into it rather than recorded one by one. See ``occurrences``.
    public var repeats: Int
    /// The ``sequence`` of the latest request folded into this one (its own when there is none).
    public var lastSequence: UInt64
    /// The HTTP version the request arrived over (`HTTP/1.1`, `HTTP/2` …); `nil` in transcripts
    /// written before servers recorded it.
    public var httpVersion: HTTPProtocolVersion?
    /// Why the server reset the request's HTTP/2 stream instead of answering it, when it did (then
    /// ``responseStatus`` is `nil`).
    public var streamReset: StreamReset?
    /// `true` when the server closed the connection once it had answered this request (its answer
    /// said `Connection: close`): the client's next request had to come on a new connection. `nil`
    /// when the server left the connection open (the client may still have closed it), and in
    /// transcripts written before servers recorded it.
    public var closedConnection: Bool?
    /// The place of the request's answer among every request of the run, when the server held the
    /// answer back while other requests arrived (an origin whose client is told to send its
    /// requests at once holds its challenges): the request was in flight from ``sequence``, its
    /// arrival, to this. `nil` when the answer went out as the request arrived (then ``sequence``
    /// is both), and in transcripts written before servers held answers.
    public var answerSequence: UInt64?

    package init(
        method: String, target: String, headers: [HeaderField] = [], responseStatus: Int? = nil, sequence: UInt64 = 0,
        auth: AuthRecord? = nil, redirectedTo: String? = nil, refusal: RequestRefusal? = nil, body: BodyRecord? = nil,
        repeats: Int = 0, lastSequence: UInt64? = nil, httpVersion: HTTPProtocolVersion? = nil,
        streamReset: StreamReset? = nil, closedConnection: Bool? = nil, answerSequence: UInt64? = nil
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.responseStatus = responseStatus
        self.sequence = sequence
        self.auth = auth
        self.redirectedTo = redirectedTo
        self.refusal = refusal
        self.body = body
        self.repeats = repeats
        self.lastSequence = lastSequence ?? sequence
        self.httpVersion = httpVersion
        self.streamReset = streamReset
        self.closedConnection = closedConnection
        self.answerSequence = answerSequence
    }

    /// How many requests this record stands for: itself and its ``repeats``.
    public var occurrences: Int { 1 + repeats }

    /// The request with what tells identical requests apart removed (its place in the run, the
    /// repeats folded into it): two requests of the same kind are the same to every rule.
    package var kind: RequestRecord {
        var kind = self
        kind.sequence = 0
        kind.repeats = 0
        kind.lastSequence = 0
        kind.answerSequence = nil
        return kind
    }

    /// The path, without query: that of the origin-form when the client sent the target in
    /// absolute-form (`GET http://host/a?b` → `/a`), which a server must accept (RFC 9112 §3.2.2).
    public var path: String { RequestTarget.path(of: target) }

    /// Every value of the header called `name` (case-insensitive), in order.
    public func values(of name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// "GET /path", the way a verdict names a request; "a request (its head unread)" for one refused
    /// before its request line was read (a head over the server's total head limit).
    public var summary: String { method.isEmpty ? "a request (its head unread)" : "\(method) \(target)" }

    /// "answered 401", "answered 431 (the request carried 150 header fields …)", "reset with
    /// HTTP_1_1_REQUIRED", "never answered".
    package var answerSummary: String {
        if let streamReset { return "reset with \(streamReset) (HTTP/2 stream)" }
        guard let responseStatus else { return "never answered" }
        return refusal.map { "answered \(responseStatus) (\($0))" } ?? "answered \(responseStatus)"
    }
}

/// One header line, as the vocabulary's ``HeaderField`` (the name it had before that was its only type).
@available(*, deprecated, renamed: "HeaderField")
public typealias HeaderRecord = HeaderField
