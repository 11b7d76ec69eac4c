/// How a ``SecureFetchClient`` connects: whom it trusts, who it is, through which proxy, and how
/// patient it is.
///
/// ```swift
/// var configuration = SecureFetchConfiguration(trust: .caOnly(roots: [rootPEM]))
/// configuration.identity = ClientIdentity(certificateChainPEM: certificatePEM, privateKeyPEM: keyPEM)
/// configuration.proxy = try ProxySettings(url: "http://proxy.internal:3128")
/// ```
public struct SecureFetchConfiguration: Sendable {
    /// Which server certificates to accept; the platform's store by default.
    public var trust: TrustPolicy
    /// The certificate and key to present when a server asks for one.
    public var identity: ClientIdentity?
    /// The forward proxy, if any.
    public var proxy: ProxySettings?
    /// How many redirects to follow before failing with ``SecureFetchError/Code/tooManyRedirects``.
    public var maximumRedirects: Int
    /// How long each request (each hop of a redirect or challenge) may take, connection included.
    public var timeout: Duration
    /// The largest response body accepted.
    public var maximumBodySize: Int
    /// Attaches these credentials as `Authorization: Basic` to every request, on every host, before
    /// any challenge.
    ///
    /// - Warning: This is a defect on purpose (`curl --basic --location-trusted`): it sends the
    ///   password to servers that never asked for it and across redirects to other hosts. It exists
    ///   so that a test can show that MockAuth catches it; never ship it.
    public var insecureBasicForEveryRequest: Credential?

    public init(
        trust: TrustPolicy = .system,
        identity: ClientIdentity? = nil,
        proxy: ProxySettings? = nil,
        maximumRedirects: Int = 5,
        timeout: Duration = .seconds(30),
        maximumBodySize: Int = 10 << 20
    ) {
        self.trust = trust
        self.identity = identity
        self.proxy = proxy
        self.maximumRedirects = maximumRedirects
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.insecureBasicForEveryRequest = nil
    }
}
