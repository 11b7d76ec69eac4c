import Foundation
import MockAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// A URLSession task delegate that answers challenges the way a careful app does, with what a
/// scenario gives the client. Use it in your own tests:
///
/// ```swift
/// let verdict = try await withScenario("tls-client-cert-required") { run in
///     let answerer = try URLSessionChallengeAnswerer(context: ClientContext(run))
///     let session = URLSession(configuration: .ephemeral, delegate: answerer, delegateQueue: nil)
///     if let url = URL(string: run.url) { _ = try? await session.data(from: url) }
/// }
/// ```
///
/// - Server trust (Apple platforms): the chain must verify to the scenario's anchor only, for the
///   requested host; then, when the scenario gives pins, a certificate of the verified chain must
///   carry a pinned key (`AppleServerTrust`). Without an anchor the system decides.
/// - Client certificate (Apple platforms): of the scenario's identities, imported in memory, the one
///   whose issuer the server's request names (`distinguishedNames`), or the first when it names no
///   CA; none when it names only other CAs or the scenario gives none
///   (``ClientContext/identity(forAuthorities:)``).
/// - Basic, Digest, NTLM, Negotiate and the default method: the origin's credentials for a 401, the
///   proxy's for a 407 (NTLM and Negotiate as `DOMAIN\user` when there is a domain); after three
///   refusals the challenge is cancelled.
public final class URLSessionChallengeAnswerer: NSObject, URLSessionTaskDelegate, Sendable {
    /// Refusals after which a password challenge is cancelled rather than answered again.
    package static let maximumAttempts = 3

    private let context: ClientContext
    #if canImport(Security)
        private let anchors: SecurityAnchors
        /// ``ClientContext/heldIdentities``, imported, in the same order.
        private let identities: [ImportedIdentity?]
    #endif

    /// Prepares the answers for `context`.
    ///
    /// - Throws: on Apple platforms, `SecurityMaterialError` when the anchor or identity cannot be loaded.
    public init(context: ClientContext) throws {
        self.context = context
        #if canImport(Security)
            anchors = SecurityAnchors(certificates: try context.trustAnchorCertificates())
            identities = try context.importedIdentities()
        #endif
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let (disposition, credential) = answer(challenge)
        completionHandler(disposition, credential)
    }

    /// The answer to `challenge`.
    func answer(_ challenge: URLAuthenticationChallenge) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        let method = challenge.protectionSpace.authenticationMethod
        #if canImport(Security)
            if method == NSURLAuthenticationMethodServerTrust {
                return AppleServerTrust.answer(challenge, anchors: anchors.certificates, pins: context.pins)
            }
            if method == NSURLAuthenticationMethodClientCertificate {
                let authorities = (challenge.protectionSpace.distinguishedNames ?? []).map { [UInt8]($0) }
                guard let index = context.identityIndex(forAuthorities: authorities), index < identities.count,
                    let identity = identities[index]
                else { return (.performDefaultHandling, nil) }
                return (.useCredential, identity.credential())
            }
        #endif
        let passwordMethods = [
            NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
            NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault,
        ]
        guard passwordMethods.contains(method) else { return (.performDefaultHandling, nil) }
        let account = challenge.protectionSpace.isProxy() ? context.proxy?.credentials : context.credentials
        guard let account, challenge.previousFailureCount < Self.maximumAttempts else {
            return (.cancelAuthenticationChallenge, nil)
        }
        let connectionBased = method == NSURLAuthenticationMethodNTLM || method == NSURLAuthenticationMethodNegotiate
        let user = connectionBased ? account.domain.map { "\($0)\\\(account.username)" } : nil
        return (
            .useCredential,
            URLCredential(user: user ?? account.username, password: account.password, persistence: .forSession)
        )
    }
}

#if canImport(Security)
    /// The anchors of a delegate. `SecCertificate` is an immutable Core Foundation object, safe to
    /// share across threads, hence the unchecked `Sendable`.
    struct SecurityAnchors: @unchecked Sendable {
        let certificates: [SecCertificate]
    }
#endif
