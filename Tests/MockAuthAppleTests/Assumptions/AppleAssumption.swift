/// A behaviour of Apple's systems that an Apple test relies on and that Apple does not document, or
/// documents only in part, or that another source contradicts: the one list of them.
///
/// Each test that rests on one judges it with ``check(in:sourceLocation:_:)``: a failed assumption
/// fails that test alone, with a message naming it, and is recorded for the macOS and simulator
/// jobs' report (`scripts/apple-assumptions` writes `apple-assumptions.md`: held, failed or not
/// run, with the OS and Xcode). docs/platforms.md lists them as ``markdownRow`` writes them, and
/// `AppleAssumptionListTests` keeps the two equal.
enum AppleAssumption: String, CaseIterable, Sendable {
    case atsAllowsLocalhost = "ats-allows-localhost"
    case atsChecksIPAddresses = "ats-checks-ip-addresses"
    case atsLeavesTrustToDelegate = "ats-leaves-trust-to-delegate"
    case atsAcceptsDelegateTrustForNames = "ats-accepts-delegate-trust-for-names"
    case pkcs12ImportsPBES2 = "pkcs12-imports-pbes2"
    case pkcs12ChainStartsWithLeaf = "pkcs12-chain-starts-with-leaf"
    case pkcs12WrongPassphraseIsAuthFailed = "pkcs12-wrong-passphrase-is-auth-failed"
    case noIntermediateFetching = "no-intermediate-fetching"
    case crossSignedPathToTrustedRoot = "cross-signed-path-to-trusted-root"
    case distinguishedNamesFromRequest = "distinguished-names-from-request"
    case digestMD5 = "digest-md5"
    case digestSHA256 = "digest-sha256"
    case ntlmV2WithDomain = "ntlm-v2-with-domain"
    case proxyAppliesToLoopback = "proxy-applies-to-loopback"
    case proxyTunnelsByName = "proxy-tunnels-by-name"
    case proxyCredentialAfterChallenge = "proxy-credential-after-challenge"
    case httpsProxyTrustAsConfigured = "https-proxy-trust-as-configured"
    case socksSendsHostNames = "socks-sends-host-names"
    case socksCredentialAnswersRFC1929 = "socks-credential-answers-rfc1929"
    case cookiesKeptByEphemeralSession = "cookies-kept-by-ephemeral-session"

    /// Where the assumption stands before any job has run.
    enum Basis: Sendable, Equatable {
        /// Apple documents nothing either way.
        case undocumented
        /// Read from Apple's documentation, which the test confirms on the running system.
        case documented(String)
        /// A source contradicts it: the test records a known issue while it fails, until a job
        /// shows otherwise.
        case contradicted(String)
    }

    /// What the tests take for granted, as one sentence.
    var statement: String {
        switch self {
        case .atsAllowsLocalhost:
            "App Transport Security lets URLSession reach `localhost` (an unqualified name) over plain HTTP, and over TLS with the trust the delegate decides, without Info.plist exceptions"
        case .atsChecksIPAddresses:
            "ATS refuses plain HTTP to `127.0.0.1` in a process without ATS exceptions (`appTransportSecurityRequiresSecureConnection`): IP addresses are no longer exempt"
        case .atsLeavesTrustToDelegate:
            "ATS does not evaluate again, and refuse, a `localhost` server trust that the delegate accepted (a defective delegate's expired or wrong-host certificate)"
        case .atsAcceptsDelegateTrustForNames:
            "For a qualified name (`origin.proxied.test`), ATS accepts a TLS connection whose trust the delegate evaluated against the scenario's anchor (the certificate meets ATS's requirements)"
        case .pkcs12ImportsPBES2:
            "`SecPKCS12Import` reads PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC) bags and an HMAC-SHA256 MAC"
        case .pkcs12ChainStartsWithLeaf:
            "`kSecImportItemCertChain` lists the identity's own certificate first"
        case .pkcs12WrongPassphraseIsAuthFailed:
            "`SecPKCS12Import` refuses a wrong passphrase with `errSecAuthFailed`"
        case .noIntermediateFetching:
            "The system neither fetches a missing intermediate (AIA) nor completes the chain from a cache, so `tls-incomplete-chain` is refused"
        case .crossSignedPathToTrustedRoot:
            "`SecTrust` builds `tls-cross-signed`'s path through the cross-certificate to the trusted root, not the served one to the expired root"
        case .distinguishedNamesFromRequest:
            "`URLProtectionSpace.distinguishedNames` holds the CA names of the server's certificate request"
        case .digestMD5:
            "URLSession answers a Digest challenge with MD5 and qop=auth, verifiably"
        case .digestSHA256:
            "URLSession answers a Digest challenge that offers only SHA-256"
        case .ntlmV2WithDomain:
            "URLSession answers NTLM with NTLMv2 on one connection, taking the domain as `DOMAIN\\user`"
        case .proxyAppliesToLoopback:
            "A `ProxyConfiguration` is used for a loopback destination (`localhost`) rather than bypassed"
        case .proxyTunnelsByName:
            "Through an HTTP CONNECT `ProxyConfiguration`, URLSession sends the origin's name in CONNECT for the proxy to resolve"
        case .proxyCredentialAfterChallenge:
            "The account applied with `ProxyConfiguration.applyCredential` (or the delegate's proxy protection space) answers the proxy's 407, and is not sent before it (the tests add `no-preemptive-credentials` on the proxy)"
        case .httpsProxyTrustAsConfigured:
            "An HTTPS proxy's certificate is accepted or refused as the client configured it (the TLS options' verify block, and the delegate if the system hands it the proxy's server trust), for the proxy's host, and by nothing else"
        case .socksSendsHostNames:
            "A SOCKSv5 `ProxyConfiguration` sends the origin's name for the proxy to resolve (address type 3)"
        case .socksCredentialAnswersRFC1929:
            "`applyCredential` on a SOCKSv5 `ProxyConfiguration` answers RFC 1929's username/password step"
        case .cookiesKeptByEphemeralSession:
            "The ephemeral session's own `HTTPCookieStorage` keeps a cookie, sends it back within its Path only, and removes one the server deletes"
        }
    }

    /// Where the assumption stands before any job has run.
    var basis: Basis {
        switch self {
        case .atsAllowsLocalhost:
            .documented(
                "NSAllowsLocalNetworking: the key covers unqualified domains such as `localhost`, `.local` domains and IP addresses, which iOS 10 to 16 allow without it; its iOS 17 and macOS 14 change concerns IP addresses"
            )
        case .atsChecksIPAddresses:
            .contradicted(
                "NSAllowsLocalNetworking says that from iOS 17 and macOS 14 IP addresses are not exempt from ATS, but swift-openapi-urlsession's tests request http://127.0.0.1 under swift test on macOS and pass: a process without an Info.plist may have no ATS at all"
            )
        case .distinguishedNamesFromRequest:
            .documented("URLProtectionSpace.distinguishedNames: the acceptable certificate-issuing authorities")
        case .digestSHA256:
            .contradicted(
                "MDN's browser-compat-data lists no SHA-256 Digest for Safari, whose HTTP authentication is the same CFNetwork stack"
            )
        case .atsLeavesTrustToDelegate, .atsAcceptsDelegateTrustForNames, .pkcs12ImportsPBES2,
            .pkcs12ChainStartsWithLeaf, .pkcs12WrongPassphraseIsAuthFailed, .noIntermediateFetching,
            .crossSignedPathToTrustedRoot, .digestMD5, .ntlmV2WithDomain, .proxyAppliesToLoopback,
            .proxyTunnelsByName, .proxyCredentialAfterChallenge, .httpsProxyTrustAsConfigured,
            .socksSendsHostNames, .socksCredentialAnswersRFC1929, .cookiesKeptByEphemeralSession:
            .undocumented
        }
    }

    /// The assumptions a test of this one cannot do without: when one of them failed, this one's
    /// failure says little (the report shows it beside it).
    var restsOn: [AppleAssumption] {
        switch self {
        case .atsAllowsLocalhost, .atsChecksIPAddresses, .pkcs12ImportsPBES2, .crossSignedPathToTrustedRoot:
            []
        case .pkcs12ChainStartsWithLeaf, .pkcs12WrongPassphraseIsAuthFailed:
            [.pkcs12ImportsPBES2]
        case .atsLeavesTrustToDelegate, .noIntermediateFetching, .distinguishedNamesFromRequest, .digestMD5,
            .digestSHA256, .ntlmV2WithDomain, .proxyAppliesToLoopback, .proxyTunnelsByName,
            .cookiesKeptByEphemeralSession:
            [.atsAllowsLocalhost]
        case .atsAcceptsDelegateTrustForNames:
            [.proxyTunnelsByName]
        case .proxyCredentialAfterChallenge:
            [.proxyTunnelsByName, .atsAcceptsDelegateTrustForNames]
        case .httpsProxyTrustAsConfigured:
            [.proxyTunnelsByName, .atsAcceptsDelegateTrustForNames]
        case .socksSendsHostNames:
            [.atsAllowsLocalhost, .atsAcceptsDelegateTrustForNames]
        case .socksCredentialAnswersRFC1929:
            [.socksSendsHostNames]
        }
    }

    /// The assumption's row in docs/platforms.md's table: name, statement, basis, what it rests on.
    var markdownRow: String {
        let basis =
            switch self.basis {
            case .undocumented: "undocumented"
            case .documented(let source): "documented: \(source)"
            case .contradicted(let source): "contradicted (a known issue until a job shows it holds): \(source)"
            }
        let rests = restsOn.isEmpty ? "—" : restsOn.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        return "| `\(rawValue)` | \(statement) | \(basis) | \(rests) |"
    }
}
