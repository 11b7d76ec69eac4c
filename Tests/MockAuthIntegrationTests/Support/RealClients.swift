/// Real client commands, as `bash -c` scripts that read the MOCKAUTH_* environment.
///
/// Each is a client a user could run; the "defective" ones carry one well-known mistake.
enum RealClient: String, CaseIterable, Sendable, CustomStringConvertible {
    /// curl verifying against the given CA file (and pin / identity when given).
    case curl
    /// curl -k: accepts any certificate.
    case curlInsecure = "curl -k"
    /// curl without the CA file: trusts only the system store, which lacks the harness root.
    case curlWithoutCAFile = "curl without --cacert"
    /// curl verifying, but ignoring the pin it was given.
    case curlWithoutPin = "curl without --pinnedpubkey"
    /// curl presenting the identity as PEM certificate and key.
    case curlPEMIdentity = "curl --cert/--key"
    /// curl presenting the identity as PKCS#12.
    case curlPKCS12Identity = "curl --cert-type P12"
    /// curl verifying, but presenting no identity.
    case curlWithoutIdentity = "curl without --cert"
    /// openssl s_client verifying chain and IP, sending a request only if the handshake verified.
    case sClient = "openssl s_client -verify_return_error"
    /// openssl s_client that logs verification errors but carries on (the default).
    case sClientIgnoringErrors = "openssl s_client (errors ignored)"
    /// openssl s_client verifying and presenting the PEM identity.
    case sClientWithIdentity = "openssl s_client -cert/-key"
    /// Python requests through the reference adapter.
    case requests = "requests"

    var description: String { rawValue }

    private static let curlBase = #"curl -sS -o /dev/null --max-time 20"#
    private static let hostPort = #"hp=${MOCKAUTH_URL#https://}; hp=${hp%%/*}; "#
    private static let request = #"printf 'GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$hp" | "#
    // No `timeout` (GNU only): a client that hangs is stopped by check's own --timeout.
    private static let sClientBase = #"openssl s_client -quiet -connect "$hp" -servername localhost"#

    var script: String {
        let curl = Self.curlBase
        let verified = #"--cacert "$MOCKAUTH_CA_FILE""#
        let pin = #"${MOCKAUTH_PIN_SHA256:+--pinnedpubkey "$MOCKAUTH_PIN_SHA256"}"#
        let sClient = Self.hostPort + Self.request + Self.sClientBase
        let verifying = #"-verify_return_error -CAfile "$MOCKAUTH_CA_FILE" -verify_ip 127.0.0.1"#
        switch self {
        case .curl: return #"\#(curl) \#(verified) \#(pin) "$MOCKAUTH_URL""#
        case .curlInsecure: return #"\#(curl) -k "$MOCKAUTH_URL""#
        case .curlWithoutCAFile: return #"\#(curl) "$MOCKAUTH_URL""#
        case .curlWithoutPin: return #"\#(curl) \#(verified) "$MOCKAUTH_URL""#
        case .curlPEMIdentity:
            return #"\#(curl) \#(verified) --cert "$MOCKAUTH_CLIENT_CERT" --key "$MOCKAUTH_CLIENT_KEY" "$MOCKAUTH_URL""#
        case .curlPKCS12Identity:
            return
                #"\#(curl) \#(verified) --cert-type P12 --cert "$MOCKAUTH_CLIENT_P12:$MOCKAUTH_CLIENT_P12_PASSWORD" "$MOCKAUTH_URL""#
        case .curlWithoutIdentity: return #"\#(curl) \#(verified) "$MOCKAUTH_URL""#
        case .sClient: return "\(sClient) \(verifying)"
        case .sClientIgnoringErrors: return #"\#(sClient) -CAfile "$MOCKAUTH_CA_FILE""#
        case .requests:
            let adapter = MockAuthDBinary.repositoryRoot.appendingPathComponent(
                "Conformance/adapters/requests_adapter.py")
            return #"python3 "\#(adapter.path)""#
        case .sClientWithIdentity:
            return #"\#(sClient) \#(verifying) -cert "$MOCKAUTH_CLIENT_CERT" -key "$MOCKAUTH_CLIENT_KEY""#
        }
    }
}
