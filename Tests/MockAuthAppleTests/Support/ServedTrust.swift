#if canImport(Security)
    import Foundation
    import MockAuthTesting
    import Security

    /// What a running scenario's TLS server presents, as the Security framework sees it: the chain
    /// it sends, as a `SecTrust` with the SSL server policy for the host the client names, the way
    /// URLSession hands it to a server-trust challenge.
    struct ServedTrust {
        /// The certificates the server sends, leaf first, as DER.
        let chainDER: [[UInt8]]
        /// The host in the server's URL, which the SSL policy checks the leaf against.
        let host: String

        /// The chain `server` of `run` presents (``ServerEndpoint/certificateChainDER``), for the
        /// host of its URLs.
        init(_ run: ScenarioRun, server: String = "origin") throws {
            guard let endpoint = run.server.endpoint(server), !endpoint.certificateChainDER.isEmpty else {
                throw SecurityMaterialError("\(run.scenario.name) has no TLS server '\(server)'", status: errSecParam)
            }
            chainDER = endpoint.certificateChainDER
            host = endpoint.urlHost
        }

        /// A new trust object for the chain, with `SecPolicyCreateSSL(true, host)`; nothing evaluated yet.
        func trust() throws -> SecTrust {
            let certificates = try chainDER.map { try SecurityMaterial.certificate(der: $0) }
            var trust: SecTrust?
            let status = SecTrustCreateWithCertificates(
                certificates as CFArray, SecPolicyCreateSSL(true, host as CFString), &trust)
            guard status == errSecSuccess, let trust else {
                throw SecurityMaterialError("SecTrustCreateWithCertificates failed", status: status)
            }
            return trust
        }
    }
#endif
