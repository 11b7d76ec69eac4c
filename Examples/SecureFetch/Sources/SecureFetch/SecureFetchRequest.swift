/// One request a ``SecureFetchClient`` sends (following redirects and answering challenges).
public struct SecureFetchRequest: Sendable {
    /// The method, `GET` by default.
    public var method: String
    /// The absolute `http` or `https` URL.
    public var url: String
    /// Extra header fields. An `Authorization` field given here is sent as is to the URL's origin,
    /// and dropped when a redirect leaves that origin.
    public var headers: [HTTPHeader]
    /// The body, empty by default.
    public var body: [UInt8]

    public init(method: String = "GET", url: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
