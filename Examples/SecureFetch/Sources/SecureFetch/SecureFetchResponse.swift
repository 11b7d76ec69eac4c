/// The final answer to a ``SecureFetchRequest``: after redirects, and after any challenge was
/// answered (or could not be).
public struct SecureFetchResponse: Sendable {
    /// The status code (a 401 when the client had no credentials it could answer with).
    public var status: Int
    /// The response's header fields.
    public var headers: [HTTPHeader]
    /// The body.
    public var body: [UInt8]
    /// The URL that answered: the request's, or where redirects led.
    public var url: String
    /// The URLs visited before ``url``, in order (empty without redirects).
    public var redirectedFrom: [String]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
