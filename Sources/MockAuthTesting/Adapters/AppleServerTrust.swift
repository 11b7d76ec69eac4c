#if canImport(Security)
    import Foundation
    import Security

    /// Server-trust evaluation against the scenario's anchor only (Apple platforms).
    enum AppleServerTrust {
        /// Trusts the server only if its chain verifies to `anchorDER` (the system store is not consulted);
        /// without an anchor, the system decides.
        static func evaluate(
            _ challenge: URLAuthenticationChallenge, anchorDER: [UInt8]?
        ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            guard let trust = challenge.protectionSpace.serverTrust else {
                return (.cancelAuthenticationChallenge, nil)
            }
            guard let anchorDER, let anchor = SecCertificateCreateWithData(nil, Data(anchorDER) as CFData) else {
                return (.performDefaultHandling, nil)
            }
            SecTrustSetAnchorCertificates(trust, [anchor] as CFArray)
            SecTrustSetAnchorCertificatesOnly(trust, true)
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else { return (.cancelAuthenticationChallenge, nil) }
            return (.useCredential, URLCredential(trust: trust))
        }
    }
#endif
