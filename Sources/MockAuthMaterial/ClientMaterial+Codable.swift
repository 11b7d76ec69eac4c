import Foundation
import MockAuthVocabulary

/// The control API's `material` (docs/schemas/control/run.schema.json): each field present exactly
/// when the matching `MOCKAUTH_*` variable is, files inline (PEM as text, PKCS#12 as base64).
extension ClientMaterial: Codable {
    private enum CodingKeys: String, CodingKey {
        case scenario, urls, features
        case caCertificatePEM
        case clientCertificatePEM, clientKeyPEM, clientP12Base64, clientP12Password
        case secondClientCertificatePEM, secondClientKeyPEM, secondClientP12Base64
        case pinSHA256, credentials, requestCredentials, token, headers, method, body, hosts, proxy, pauseSeconds
        case concurrent
        case krb5Config, krb5CredentialCacheBase64
        case tokenEndpoint
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(urls, forKey: .urls)
        if !features.isEmpty { try container.encode(features, forKey: .features) }
        try container.encodeIfPresent(caCertificatePEM, forKey: .caCertificatePEM)
        try container.encodeIfPresent(identity?.certificatePEM, forKey: .clientCertificatePEM)
        try container.encodeIfPresent(identity?.privateKeyPEM, forKey: .clientKeyPEM)
        try container.encodeIfPresent(identity.map { Data($0.pkcs12).base64EncodedString() }, forKey: .clientP12Base64)
        try container.encodeIfPresent(pkcs12Passphrase, forKey: .clientP12Password)
        try container.encodeIfPresent(secondIdentity?.certificatePEM, forKey: .secondClientCertificatePEM)
        try container.encodeIfPresent(secondIdentity?.privateKeyPEM, forKey: .secondClientKeyPEM)
        try container.encodeIfPresent(
            secondIdentity.map { Data($0.pkcs12).base64EncodedString() }, forKey: .secondClientP12Base64)
        try container.encodeIfPresent(pinSHA256, forKey: .pinSHA256)
        try container.encodeIfPresent(credentials, forKey: .credentials)
        if !requestAccounts.isEmpty {
            let keyed = Dictionary(uniqueKeysWithValues: requestAccounts.map { (String($0.key), $0.value) })
            try container.encode(keyed, forKey: .requestCredentials)
        }
        try container.encodeIfPresent(token, forKey: .token)
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        try container.encodeIfPresent(method, forKey: .method)
        try container.encodeIfPresent(body, forKey: .body)
        if !hosts.isEmpty { try container.encode(hosts, forKey: .hosts) }
        try container.encodeIfPresent(proxy, forKey: .proxy)
        try container.encodeIfPresent(pauseSeconds, forKey: .pauseSeconds)
        // Present exactly when MOCKAUTH_CONCURRENT is set, as every field is.
        if concurrent { try container.encode(true, forKey: .concurrent) }
        try container.encodeIfPresent(kerberos?.configuration, forKey: .krb5Config)
        try container.encodeIfPresent(
            kerberos.map { Data($0.credentialCache).base64EncodedString() }, forKey: .krb5CredentialCacheBase64)
        try container.encodeIfPresent(tokenEndpoint, forKey: .tokenEndpoint)
    }

    /// Reads the material; `scenario`, `urls` and `features`, which the control API's material has
    /// carried since the environment became a projection of it, may be absent (empty then).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func identity(_ certificate: CodingKeys, _ key: CodingKeys, _ pkcs12: CodingKeys) throws -> Identity? {
            let parts = [certificate, key, pkcs12]
            let given = parts.filter(container.contains)
            guard !given.isEmpty else { return nil }
            guard given.count == parts.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: given[0], in: container,
                    debugDescription: "\(parts.map(\.stringValue).joined(separator: ", ")) come together or not at all")
            }
            guard let bundle = Data(base64Encoded: try container.decode(String.self, forKey: pkcs12)) else {
                throw DecodingError.dataCorruptedError(forKey: pkcs12, in: container, debugDescription: "not base64")
            }
            return Identity(
                certificatePEM: try container.decode(String.self, forKey: certificate),
                privateKeyPEM: try container.decode(String.self, forKey: key), pkcs12: Array(bundle))
        }
        var requestAccounts: [Int: Account] = [:]
        for (key, account) in try container.decodeIfPresent([String: Account].self, forKey: .requestCredentials) ?? [:]
        {
            guard let request = Int(key), request > 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .requestCredentials, in: container,
                    debugDescription: "'\(key)' is not a request's 1-based position among urls")
            }
            requestAccounts[request] = account
        }
        self.init(
            scenario: try container.decodeIfPresent(String.self, forKey: .scenario) ?? "",
            urls: try container.decodeIfPresent([String].self, forKey: .urls) ?? [],
            features: try container.decodeIfPresent([String].self, forKey: .features) ?? [],
            caCertificatePEM: try container.decodeIfPresent(String.self, forKey: .caCertificatePEM),
            identity: try identity(.clientCertificatePEM, .clientKeyPEM, .clientP12Base64),
            secondIdentity: try identity(.secondClientCertificatePEM, .secondClientKeyPEM, .secondClientP12Base64),
            pkcs12Passphrase: try container.decodeIfPresent(String.self, forKey: .clientP12Password),
            pinSHA256: try container.decodeIfPresent(String.self, forKey: .pinSHA256),
            credentials: try container.decodeIfPresent(Account.self, forKey: .credentials),
            requestAccounts: requestAccounts,
            token: try container.decodeIfPresent(String.self, forKey: .token),
            headers: try container.decodeIfPresent([HeaderField].self, forKey: .headers) ?? [],
            method: try container.decodeIfPresent(String.self, forKey: .method),
            body: try container.decodeIfPresent(String.self, forKey: .body),
            hosts: try container.decodeIfPresent([HostMapping].self, forKey: .hosts) ?? [],
            proxy: try container.decodeIfPresent(Proxy.self, forKey: .proxy),
            pauseSeconds: try container.decodeIfPresent(Int.self, forKey: .pauseSeconds),
            kerberos: try Self.kerberos(container))
        concurrent = try container.decodeIfPresent(Bool.self, forKey: .concurrent) ?? false
        tokenEndpoint = try container.decodeIfPresent(TokenEndpoint.self, forKey: .tokenEndpoint)
    }

    /// `krb5Config` and `krb5CredentialCacheBase64`, which come together or not at all.
    private static func kerberos(_ container: KeyedDecodingContainer<CodingKeys>) throws -> Kerberos? {
        guard let configuration = try container.decodeIfPresent(String.self, forKey: .krb5Config) else {
            guard !container.contains(.krb5CredentialCacheBase64) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .krb5CredentialCacheBase64, in: container,
                    debugDescription: "krb5CredentialCacheBase64 comes with krb5Config")
            }
            return nil
        }
        let encoded = try container.decode(String.self, forKey: .krb5CredentialCacheBase64)
        guard let cache = Data(base64Encoded: encoded) else {
            throw DecodingError.dataCorruptedError(
                forKey: .krb5CredentialCacheBase64, in: container, debugDescription: "not base64")
        }
        return Kerberos(configuration: configuration, credentialCache: Array(cache))
    }
}
