import Foundation
import MockAuthMaterial

/// The control API's name for what a run's client is given: the material itself.
@available(*, deprecated, renamed: "ClientMaterial")
public typealias RunMaterial = ClientMaterial

/// A user name and password (and NTLM domain): the control API's `credentials`.
@available(*, deprecated, renamed: "Account")
public typealias RemoteCredentials = Account

/// The proxy a run's client goes through, and its account.
@available(*, deprecated, renamed: "ClientMaterial.Proxy")
public typealias RemoteProxy = ClientMaterial.Proxy

// The names `RunMaterial` had, each one of the JSON's fields: what code written against it still reads.
extension ClientMaterial {
    /// The client identity's certificate as PEM (`clientCertificatePEM`).
    @available(*, deprecated, renamed: "identity.certificatePEM")
    public var clientCertificatePEM: String? { identity?.certificatePEM }

    /// The client identity's private key as PKCS#8 PEM (`clientKeyPEM`).
    @available(*, deprecated, renamed: "identity.privateKeyPEM")
    public var clientKeyPEM: String? { identity?.privateKeyPEM }

    /// The client identity as PKCS#12, base64 (`clientP12Base64`).
    @available(*, deprecated, message: "use identity.pkcs12, its bytes")
    public var clientP12Base64: String? { identity.map { Data($0.pkcs12).base64EncodedString() } }

    /// The PKCS#12 passphrase (`clientP12Password`).
    @available(*, deprecated, renamed: "pkcs12Passphrase")
    public var clientP12Password: String? { pkcs12Passphrase }

    /// The second identity's certificate as PEM (`secondClientCertificatePEM`).
    @available(*, deprecated, renamed: "secondIdentity.certificatePEM")
    public var secondClientCertificatePEM: String? { secondIdentity?.certificatePEM }

    /// The second identity's private key as PKCS#8 PEM (`secondClientKeyPEM`).
    @available(*, deprecated, renamed: "secondIdentity.privateKeyPEM")
    public var secondClientKeyPEM: String? { secondIdentity?.privateKeyPEM }

    /// The second identity as PKCS#12, base64 (`secondClientP12Base64`).
    @available(*, deprecated, message: "use secondIdentity.pkcs12, its bytes")
    public var secondClientP12Base64: String? { secondIdentity.map { Data($0.pkcs12).base64EncodedString() } }

    /// The accounts of later requests, keyed by the request's 1-based position as a string ("2").
    @available(*, deprecated, message: "use requestAccounts, keyed by the same 1-based position as an Int")
    public var requestCredentials: [String: Account]? {
        requestAccounts.isEmpty
            ? nil : Dictionary(uniqueKeysWithValues: requestAccounts.map { (String($0.key), $0.value) })
    }
}

extension ClientMaterial {
    /// The material with `RunMaterial`'s fields, as the control API's JSON names them; an identity
    /// is kept when its certificate and key are both given.
    @available(*, deprecated, message: "use init(scenario:urls:…), whose identities are values")
    public init(
        caCertificatePEM: String? = nil, clientCertificatePEM: String? = nil, clientKeyPEM: String? = nil,
        clientP12Base64: String? = nil, clientP12Password: String? = nil, pinSHA256: String? = nil,
        credentials: Account? = nil, token: String? = nil, proxy: Proxy? = nil, headers: [HeaderField]? = nil,
        method: String? = nil, body: String? = nil, requestCredentials: [String: Account]? = nil,
        hosts: [HostMapping]? = nil
    ) {
        self.init(
            scenario: "", urls: [], caCertificatePEM: caCertificatePEM, pkcs12Passphrase: clientP12Password,
            pinSHA256: pinSHA256, credentials: credentials,
            requestAccounts: Dictionary(
                uniqueKeysWithValues: (requestCredentials ?? [:]).compactMap { key, account in
                    Int(key).map { ($0, account) }
                }),
            token: token, headers: headers ?? [], method: method, body: body, hosts: hosts ?? [], proxy: proxy)
        if let clientCertificatePEM, let clientKeyPEM {
            identity = Identity(
                certificatePEM: clientCertificatePEM, privateKeyPEM: clientKeyPEM,
                pkcs12: clientP12Base64.flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? [])
        }
    }
}
