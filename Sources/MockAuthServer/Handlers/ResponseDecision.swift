import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// What a scenario server does with one complete request, decided apart from the channel by its
/// role's ``RequestDecider`` (``OriginRoutes``, ``RevocationResponder``) and performed by
/// ``RequestResponder``: the answer and what the transcript keeps of it, or, on an HTTP/2 stream,
/// the reset that stands for an answer.
struct ResponseDecision {
    /// What the responder does.
    enum Action: Equatable {
        /// Answers with the status, fields and body below.
        case answer
        /// Resets the HTTP/2 stream instead of answering (`HTTP_1_1_REQUIRED`).
        case resetStream(StreamReset)
    }

    var action = Action.answer
    var status: HTTPResponseStatus
    /// The fields of the answer besides `Content-Type`, `Content-Length` and `Connection`, in order.
    var fields = HTTPHeaders()
    var contentType = "text/plain; charset=utf-8"
    var body: ByteBuffer
    /// Where a redirect sends the client (also in `fields` as `Location`), for the record.
    var location: String?
    /// What the gate made of the request's credentials.
    var auth: AuthRecord?
    /// The limit the request went over, when it was refused for one.
    var refusal: RequestRefusal?
    /// The connection ends after this answer (a gate that closes after its first handshake challenge).
    var closesConnection = false
    /// The gate's decision was the one the previous request of the connection got (its memo), or
    /// there is no gate: the record may then be folded into the previous one's.
    var remembered = true
    /// A byte-for-byte repeat of the request gets this very answer and record: no state of the
    /// server's went into it (no gate or a stateless one; no revocation authority).
    var answersRepeatsAlike = true
    /// The answer is the gate's challenge (401 with its `WWW-Authenticate`): what an origin whose
    /// client sends its requests at once holds back a while (``ChallengeGathering``).
    var challenges = false

    /// An answer of `status` with `text` as its body.
    init(status: HTTPResponseStatus, text: String) {
        self.status = status
        body = ByteBuffer(string: text)
    }

    /// An answer of `status` with `body` of `contentType`.
    init(status: HTTPResponseStatus, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = ByteBuffer(bytes: body)
    }

    /// `413` for a body of `oversized` bytes (declared or read) over `allowed`, refused as that limit.
    static func bodyTooLarge(_ oversized: Int, allowed: Int) -> ResponseDecision {
        let refusal = RequestRefusal(limit: .body, actual: oversized, allowed: allowed)
        var decision = ResponseDecision(status: .payloadTooLarge, text: "\(refusal)\n")
        decision.refusal = refusal
        decision.answersRepeatsAlike = false
        return decision
    }
}
