import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// A `URLSessionTaskDelegate` as an app would write it: it answers a Basic challenge from one
/// protection space (host, port, realm) with a `.forSession` credential, once, and nothing else.
/// On Apple platforms it also evaluates server trust against the given anchor only.
final class BasicChallengeAnswerer: NSObject, URLSessionTaskDelegate, Sendable {
    let host: String
    let port: Int
    let realm: String
    let user: String
    let password: String
    /// The trust anchor (DER) for server-trust challenges; Apple platforms only (see below).
    let anchorDER: [UInt8]?
    private let counts = Mutex<(basic: Int, other: Int)>((0, 0))

    init(host: String, port: Int, realm: String, user: String, password: String, anchorDER: [UInt8]? = nil) {
        self.host = host
        self.port = port
        self.realm = realm
        self.user = user
        self.password = password
        self.anchorDER = anchorDER
    }

    /// How many Basic challenges were answered.
    var basicChallengesAnswered: Int { counts.withLock { $0.basic } }
    /// How many other challenges the session delivered, server trust included. On Linux there is no
    /// server-trust challenge at all: FoundationNetworking marks `NSURLAuthenticationMethodServerTrust`
    /// unavailable and libcurl verifies against the system store without asking.
    var otherChallenges: Int { counts.withLock { $0.other } }

    // The completion-handler form: FoundationNetworking on Linux has no `async` variant of this
    // requirement, so an `async` implementation would silently never be called there.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let (disposition, credential) = answer(challenge)
        completionHandler(disposition, credential)
    }

    private func answer(_ challenge: URLAuthenticationChallenge) -> (
        URLSession.AuthChallengeDisposition, URLCredential?
    ) {
        let space = challenge.protectionSpace
        #if canImport(Security)
            if space.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                counts.withLock { $0.other += 1 }
                return evaluateServerTrust(space)
            }
        #endif
        guard space.authenticationMethod == NSURLAuthenticationMethodHTTPBasic, space.host == host,
            space.port == port, space.realm == realm, challenge.previousFailureCount == 0
        else {
            counts.withLock { $0.other += 1 }
            return (.performDefaultHandling, nil)
        }
        counts.withLock { $0.basic += 1 }
        return (.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
    }

    #if canImport(Security)
        /// Trusts the server when its chain ends at the given anchor, and only then. Apple platforms only;
        /// not compiled on Linux, where this challenge does not exist.
        private func evaluateServerTrust(_ space: URLProtectionSpace) -> (
            URLSession.AuthChallengeDisposition, URLCredential?
        ) {
            guard let anchorDER, let trust = space.serverTrust,
                let anchor = SecCertificateCreateWithData(nil, Data(anchorDER) as CFData)
            else { return (.performDefaultHandling, nil) }
            SecTrustSetAnchorCertificates(trust, [anchor] as CFArray)
            SecTrustSetAnchorCertificatesOnly(trust, true)
            guard SecTrustEvaluateWithError(trust, nil) else { return (.cancelAuthenticationChallenge, nil) }
            return (.useCredential, URLCredential(trust: trust))
        }
    #endif
}
