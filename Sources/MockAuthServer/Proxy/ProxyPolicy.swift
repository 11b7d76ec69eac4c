import MockAuthTranscript

/// What a forward proxy may reach and how it judges `Proxy-Authorization`.
///
/// ```swift
/// let policy = ProxyPolicy(allowedTargets: [ProxyTarget(host: "127.0.0.1", port: originPort)]) { request in
///     request.proxyAuthorization == ["Basic cHJveHl1c2VyOnByb3h5cGFzcw=="]
///         ? .pass(responseHeaders: []) : .challenge(values: [#"Basic realm="proxy""#])
/// }
/// ```
struct ProxyPolicy: Sendable {
    /// Only these targets can be reached (the scenario's own loopback servers); anything else gets
    /// 403 and nothing is dialled.
    var allowedTargets: Set<ProxyTarget>
    /// Names another machine reaches the scenario's servers by (`serve --host-name`, `--bind`),
    /// each with the address of this machine the proxy dials for it: computed from the scenario's
    /// own endpoints, never from a request.
    var aliases: [ProxyTarget: ProxyTarget] = [:]
    /// Called on the event loop for every request (including CONNECT): the decision, what the
    /// proxy's authentication made of the credentials, for the transcript, and whether the
    /// challenge closes the connection. Cheap and thread-safe.
    var authorize: @Sendable (ProxyAuthorizationRequest) -> ProxyAuthorization

    /// A policy whose decisions come with a transcript record (the scenario proxies).
    init(
        allowedTargets: Set<ProxyTarget>,
        authorizeRecording: @escaping @Sendable (ProxyAuthorizationRequest) -> ProxyAuthorization
    ) {
        self.allowedTargets = allowedTargets
        self.authorize = authorizeRecording
    }

    /// A policy that only decides (tests, proxies without authentication).
    init(
        allowedTargets: Set<ProxyTarget>,
        authorize: @escaping @Sendable (ProxyAuthorizationRequest) -> GateDecision
    ) {
        self.allowedTargets = allowedTargets
        self.authorize = { ProxyAuthorization(decision: authorize($0)) }
    }
}
