#if canImport(Security)
    import Foundation
    import MockAuth
    import Security

    /// Server-trust evaluation as a careful app does it: the chain must verify to the scenario's
    /// anchors only (the system store is not consulted) for the host the request went to; then, when
    /// the scenario gives pins, some certificate of the verified chain must carry a pinned key.
    /// Pins add to validation; they never replace it.
    public enum AppleServerTrust {
        /// Whether `trust` (from a server-trust challenge, with the SSL policy and host name URLSession
        /// set) should be accepted.
        ///
        /// - Parameters:
        ///   - anchors: the only anchors to trust; empty: the system decides with its own store.
        ///   - pins: checked on the validated chain, when given.
        public static func accepts(_ trust: SecTrust, anchors: [SecCertificate], pins: PublicKeyPins?) -> Bool {
            if !anchors.isEmpty {
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, true) == errSecSuccess
                else { return false }
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else { return false }
            guard let pins else { return true }
            let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []
            return pins.matches(certificateChain: chain.map { Array(SecCertificateCopyData($0) as Data) })
        }

        /// The answer to a server-trust challenge: use the evaluated trust, or cancel.
        static func answer(
            _ challenge: URLAuthenticationChallenge, anchors: [SecCertificate], pins: PublicKeyPins?
        ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            guard let trust = challenge.protectionSpace.serverTrust, accepts(trust, anchors: anchors, pins: pins)
            else {
                return (.cancelAuthenticationChallenge, nil)
            }
            return (.useCredential, URLCredential(trust: trust))
        }
    }

    extension ScenarioRun {
        /// The trust anchors the client is given, as `SecCertificate` (the harness root, and the
        /// expired old root where the scenario gives it too); empty when the scenario gives none.
        /// Pass them to `SecTrustSetAnchorCertificates` in your server-trust delegate, then
        /// `SecTrustSetAnchorCertificatesOnly(trust, true)`.
        public func trustAnchorCertificates() throws -> [SecCertificate] {
            try ClientContext(self).trustAnchorCertificates()
        }

        /// The harness's client identity, imported in memory with `SecPKCS12Import` from its PKCS#12
        /// in the scenario's encoding, whether the scenario gives the identity or not
        /// (`ClientContext(run).importedIdentity()` gives the scenario's, or none); its
        /// ``ImportedIdentity/credential(persistence:)`` answers a client-certificate challenge.
        public func clientIdentity() throws -> ImportedIdentity {
            try SecurityMaterial.importIdentity(
                pkcs12: pki.clientPKCS12(scenario.client.identity?.pkcs12 ?? .legacy),
                passphrase: pki.clientPKCS12Passphrase)
        }
    }

    extension ClientContext {
        /// Every trust anchor the scenario gives (``trustAnchorsDER``) as `SecCertificate`; empty when
        /// it gives none.
        public func trustAnchorCertificates() throws -> [SecCertificate] {
            try trustAnchorsDER.map { try SecurityMaterial.certificate(der: $0) }
        }

        /// The client identity imported in memory, when the scenario gives one (and a PKCS#12 came with it).
        public func importedIdentity() throws -> ImportedIdentity? {
            guard let identity, !identity.pkcs12.isEmpty else { return nil }
            return try SecurityMaterial.importIdentity(pkcs12: identity.pkcs12, passphrase: identity.pkcs12Passphrase)
        }

        /// Every identity in ``heldIdentities``, imported in memory, in the same order; `nil` for one
        /// that came without a PKCS#12.
        public func importedIdentities() throws -> [ImportedIdentity?] {
            try heldIdentities.map { identity in
                guard !identity.pkcs12.isEmpty else { return nil }
                return try SecurityMaterial.importIdentity(
                    pkcs12: identity.pkcs12, passphrase: identity.pkcs12Passphrase)
            }
        }
    }
#endif
