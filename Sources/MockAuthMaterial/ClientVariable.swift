/// The names of what a client command is given: one case per `MOCKAUTH_*` variable of the
/// environment contract (the README's table lists them all, and a test keeps it so).
///
/// The names are a contract: scripts outside the repository read them. None is ever renamed or
/// removed; a variable that does not apply to a scenario is unset, never empty.
public enum ClientVariable: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The scenario's name.
    case scenario = "MOCKAUTH_SCENARIO"
    /// The URL to request first.
    case url = "MOCKAUTH_URL"
    /// Every URL to request, in order, space-separated.
    case urls = "MOCKAUTH_URLS"
    /// What the scenario needs from a client, space-separated (`tls custom-ca digest-md5|digest-sha256`).
    case features = "MOCKAUTH_FEATURES"
    /// A PEM file of the trust anchors.
    case caFile = "MOCKAUTH_CA_FILE"
    /// The client identity's certificate, a PEM file.
    case clientCertificate = "MOCKAUTH_CLIENT_CERT"
    /// The client identity's private key, a PKCS#8 PEM file.
    case clientKey = "MOCKAUTH_CLIENT_KEY"
    /// The client identity as a PKCS#12 file.
    case clientPKCS12 = "MOCKAUTH_CLIENT_P12"
    /// The passphrase of every PKCS#12 file.
    case clientPKCS12Password = "MOCKAUTH_CLIENT_P12_PASSWORD"
    /// The second identity's certificate, a PEM file.
    case secondClientCertificate = "MOCKAUTH_CLIENT_CERT_2"
    /// The second identity's private key, a PKCS#8 PEM file.
    case secondClientKey = "MOCKAUTH_CLIENT_KEY_2"
    /// The second identity as a PKCS#12 file.
    case secondClientPKCS12 = "MOCKAUTH_CLIENT_P12_2"
    /// The pin set, curl's form: `sha256//BASE64;sha256//BASE64`.
    case pinSHA256 = "MOCKAUTH_PIN_SHA256"
    /// The origin account's user name.
    case username = "MOCKAUTH_USERNAME"
    /// The origin account's password.
    case password = "MOCKAUTH_PASSWORD"
    /// The origin account's NTLM domain.
    case domain = "MOCKAUTH_DOMAIN"
    /// The user name of the Nth URL's own account (`MOCKAUTH_USERNAME_2` …).
    case requestUsername = "MOCKAUTH_USERNAME_N"
    /// The password of the Nth URL's own account (`MOCKAUTH_PASSWORD_2` …).
    case requestPassword = "MOCKAUTH_PASSWORD_N"
    /// The NTLM domain of the Nth URL's own account (`MOCKAUTH_DOMAIN_2` …).
    case requestDomain = "MOCKAUTH_DOMAIN_N"
    /// The bearer token.
    case token = "MOCKAUTH_TOKEN"
    /// The method of each request.
    case method = "MOCKAUTH_METHOD"
    /// A file with the body of each request.
    case bodyFile = "MOCKAUTH_BODY_FILE"
    /// Header lines to send with each request, one `Name: value` per line.
    case headers = "MOCKAUTH_HEADERS"
    /// The proxy to use, as a URL.
    case proxyURL = "MOCKAUTH_PROXY_URL"
    /// The proxy account's user name.
    case proxyUsername = "MOCKAUTH_PROXY_USERNAME"
    /// The proxy account's password.
    case proxyPassword = "MOCKAUTH_PROXY_PASSWORD"
    /// The proxy account's NTLM domain.
    case proxyDomain = "MOCKAUTH_PROXY_DOMAIN"
    /// The hosts to reach directly, not through the proxy: names separated by commas, as `NO_PROXY`
    /// lists them.
    case noProxy = "MOCKAUTH_NO_PROXY"
    /// How to reach servers named under `.test`: `name:port:address` entries, space-separated
    /// (curl's `--resolve` form).
    case resolve = "MOCKAUTH_RESOLVE"
    /// The same as a hosts file: this machine's `/etc/hosts`, then one line per name.
    case hostsFile = "MOCKAUTH_HOSTS_FILE"
    /// How many seconds to wait after one request's answer before making the next of the URLs
    /// (a whole number): set only by scenarios whose server state must age between requests (a
    /// Digest nonce that goes stale).
    case pauseSeconds = "MOCKAUTH_PAUSE_SECONDS"
    /// `1` when the client is to send its requests to the URLs at once, each without waiting for
    /// another's answer (threads, tasks, a pool); unset otherwise: set only by scenarios about
    /// what a client does when several of its requests meet the same answer together (access
    /// tokens that expire together, `bearer-refresh-concurrent`).
    case concurrent = "MOCKAUTH_CONCURRENT"
    /// A `krb5.conf` for the run's own Kerberos realm, for `KRB5_CONFIG` (set only when a server
    /// answers `Negotiate` with Kerberos).
    case kerberosConfiguration = "MOCKAUTH_KRB5_CONFIG"
    /// A credential cache with the account's ticket-granting ticket, for `KRB5CCNAME` (a file
    /// path, MIT's `FILE:` format).
    case kerberosCredentialCache = "MOCKAUTH_KRB5CCNAME"
    /// The OAuth 2.0 token endpoint's URL (RFC 6749 §3.2).
    case tokenURL = "MOCKAUTH_TOKEN_URL"
    /// The `client_id` registered with the token endpoint.
    case clientID = "MOCKAUTH_CLIENT_ID"
    /// The `client_secret` registered with the token endpoint.
    case clientSecret = "MOCKAUTH_CLIENT_SECRET"
    /// The refresh token, for the token endpoint only (RFC 6749 §6).
    case refreshToken = "MOCKAUTH_REFRESH_TOKEN"

    /// The name as documentation writes it: `MOCKAUTH_USERNAME_N` for a per-request variable.
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// Whether the variable comes once per request that has an account of its own, its name ending
    /// in the request's 1-based position among the URLs (`MOCKAUTH_USERNAME_2`).
    package var isPerRequest: Bool {
        switch self {
        case .requestUsername, .requestPassword, .requestDomain: true
        case .scenario, .url, .urls, .features, .caFile, .clientCertificate, .clientKey, .clientPKCS12,
            .clientPKCS12Password, .secondClientCertificate, .secondClientKey, .secondClientPKCS12, .pinSHA256,
            .username, .password, .domain, .token, .method, .bodyFile, .headers, .proxyURL, .proxyUsername,
            .proxyPassword, .proxyDomain, .noProxy, .resolve, .hostsFile, .pauseSeconds, .concurrent,
            .kerberosConfiguration, .kerberosCredentialCache, .tokenURL, .clientID, .clientSecret, .refreshToken:
            false
        }
    }

    /// How the variable carries its value: the text itself, or the path of a file that holds it.
    package var form: Form {
        switch self {
        case .caFile, .clientCertificate, .secondClientCertificate, .bodyFile, .hostsFile, .kerberosConfiguration:
            .file(secret: false)
        case .clientKey, .clientPKCS12, .secondClientKey, .secondClientPKCS12, .kerberosCredentialCache:
            .file(secret: true)
        case .scenario, .url, .urls, .features, .clientPKCS12Password, .pinSHA256, .username, .password, .domain,
            .requestUsername, .requestPassword, .requestDomain, .token, .method, .headers, .proxyURL, .proxyUsername,
            .proxyPassword, .proxyDomain, .noProxy, .resolve, .pauseSeconds, .concurrent, .tokenURL, .clientID,
            .clientSecret, .refreshToken:
            .text
        }
    }

    /// How a variable carries its value.
    package enum Form: Sendable, Hashable {
        /// The value itself.
        case text
        /// The path of a file holding the value; a secret one (a private key, a PKCS#12 bundle) is
        /// readable by its owner only (0600).
        case file(secret: Bool)
    }

    /// The variable's name for request number `request` (1-based, as the URLs): `MOCKAUTH_USERNAME_2`
    /// for ``requestUsername`` and 2. Any other variable has one name, whatever `request` is.
    public func name(request: Int) -> String {
        guard isPerRequest else { return rawValue }
        return String(rawValue.dropLast()) + String(request)
    }

    /// The variable a name of the environment stands for, and for a per-request variable the
    /// request's number (2 for `MOCKAUTH_USERNAME_2`); `nil` for a name of no variable.
    package static func parse(_ name: String) -> (variable: ClientVariable, request: Int?)? {
        if let variable = ClientVariable(rawValue: name), !variable.isPerRequest { return (variable, nil) }
        for variable in allCases where variable.isPerRequest {
            let prefix = variable.rawValue.dropLast()
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count)
            // Only the names ``name(request:)`` writes: a positive number without leading zeros.
            guard let first = digits.first, first != "0", digits.allSatisfy(\.isASCIIDigit), let number = Int(digits)
            else { continue }
            return (variable, number)
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
