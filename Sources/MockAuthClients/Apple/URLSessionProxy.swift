#if canImport(Network)
    import Foundation
    import MockAuth
    import Network
    import Security

    extension ClientContext.Proxy {
        /// The session's proxy, as `URLSessionConfiguration.proxyConfigurations` takes it (macOS 14 /
        /// iOS 17): HTTP CONNECT in plain HTTP, HTTP CONNECT over TLS whose certificate must verify to
        /// `trustAnchorsDER` for the proxy's host, or SOCKSv5 with the RFC 1929 account when one is
        /// given. Never failing over to a direct connection: a proxy that fails must fail the request.
        /// `nil` when the port is not one.
        ///
        /// The proxy's account, when the scenario gives one, is applied with
        /// `applyCredential(username:password:)`, the way Apple documents giving a proxy
        /// configuration its credentials (for HTTP CONNECT and SOCKSv5 alike). Apple does not say
        /// whether the system then sends it before the proxy asks, which the scenarios'
        /// `no-preemptive-credentials` rule would catch, or only in answer to a 407: the Apple tests
        /// report that as the assumption `proxy-credential-after-challenge`. The task delegate
        /// (``URLSessionChallengeAnswerer``) answers a proxy's 407 with the same account if the system
        /// hands the challenge to it.
        func configuration(trustAnchorsDER: [[UInt8]]) -> ProxyConfiguration? {
            guard let port = NWEndpoint.Port(rawValue: UInt16(clamping: self.port)), port.rawValue != 0 else {
                return nil
            }
            let endpoint = NWEndpoint.hostPort(host: NWEndpoint.Host(host), port: port)
            var configuration: ProxyConfiguration
            switch scheme {
            case .http:
                configuration = ProxyConfiguration(httpCONNECTProxy: endpoint)
            case .https:
                configuration = ProxyConfiguration(
                    httpCONNECTProxy: endpoint,
                    tlsOptions: Self.tlsOptions(host: host, trustAnchorsDER: trustAnchorsDER))
            case .socks5, .socks5h:
                configuration = ProxyConfiguration(socksv5Proxy: endpoint)
            }
            if let credentials {
                configuration.applyCredential(username: credentials.username, password: credentials.password)
            }
            configuration.allowFailover = false
            return configuration
        }

        /// TLS to the proxy, its certificate checked as ``AppleServerTrust`` checks an origin's: the
        /// chain must verify to the given anchors only (the system's when none are given), for `host`.
        private static func tlsOptions(host: String, trustAnchorsDER: [[UInt8]]) -> NWProtocolTLS.Options {
            let options = NWProtocolTLS.Options()
            sec_protocol_options_set_verify_block(
                options.securityProtocolOptions,
                { _, secTrust, complete in
                    let trust = sec_trust_copy_ref(secTrust).takeRetainedValue()
                    guard SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, host as CFString)) == errSecSuccess,
                        let anchors = try? trustAnchorsDER.map({ try SecurityMaterial.certificate(der: $0) })
                    else {
                        complete(false)
                        return
                    }
                    complete(AppleServerTrust.accepts(trust, anchors: anchors, pins: nil))
                }, verifyQueue)
            return options
        }

        /// Where the proxy's certificate is checked.
        private static let verifyQueue = DispatchQueue(label: "MockAuthClients.proxy-trust")
    }
#endif
