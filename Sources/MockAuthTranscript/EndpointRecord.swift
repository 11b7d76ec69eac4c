import MockAuthVocabulary

/// One listener of a scenario server, as it was served.
public struct EndpointRecord: Sendable, Codable, Equatable {
    /// The server's id in the scenario file (`origin`, `proxy` …).
    public var server: String
    /// The base URL a client uses to reach it, e.g. `https://127.0.0.1:49152`.
    public var url: String
    /// The TLS profile the server presents, or `nil` for plain HTTP.
    public var tlsProfile: TLSProfile?
    /// What is wrong with the certificate the server presents, in words that complete
    /// "the client sent GET / over …", e.g. "a certificate that expired 2 days ago".
    /// `nil` when nothing is wrong with it.
    public var certificateDefect: String?

    package init(server: String, url: String, tlsProfile: TLSProfile? = nil, certificateDefect: String? = nil) {
        self.server = server
        self.url = url
        self.tlsProfile = tlsProfile
        self.certificateDefect = certificateDefect
    }
}
