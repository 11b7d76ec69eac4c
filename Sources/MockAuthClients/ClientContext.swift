import Foundation
import MockAuth

/// Everything a scenario hands its client, in the forms a Swift client takes: where to go, what to
/// trust, who to be, which secrets.
///
/// A projection of ``ClientMaterial``, taken when the context is made: from a running scenario
/// (``init(_:requestTimeoutSeconds:)``), from the environment of a command (an adapter,
/// ``init(environment:requestTimeoutSeconds:)``), or from a material alone (the control API's).
public struct ClientContext: Sendable {
    /// What the scenario gives, as one value: every property below is derived from it.
    public var material: ClientMaterial
    /// The scenario's name.
    public var scenario: String
    /// Every URL to request, in order.
    public var urls: [String]
    /// The trust anchors as PEM (the harness root, and the expired old root where the scenario gives
    /// it too), or `nil` when the scenario gives none.
    public var caCertificatePEM: String?
    /// Every trust anchor the scenario gives, as DER (e.g. for `SecCertificateCreateWithData`), in
    /// the order of ``caCertificatePEM``; empty when it gives none.
    public var trustAnchorsDER: [[UInt8]]
    /// The first trust anchor (the harness root) as DER, or `nil` when the scenario gives none.
    public var caCertificateDER: [UInt8]? { trustAnchorsDER.first }
    /// The client identity, when the scenario gives one.
    public var identity: Identity?
    /// The second identity, from another CA (`identity: { second: true }`), when the scenario gives it.
    public var secondIdentity: Identity?
    /// The pins (SHA-256 of the pinned SubjectPublicKeyInfo), when the scenario gives some.
    public var pins: PublicKeyPins?
    /// The pins in curl's form (`sha256//BASE64`, several separated by `;`), as `MOCKAUTH_PIN_SHA256` has them.
    public var pin: String? { pins?.curlForm }
    /// The origin credentials, when the scenario gives some.
    public var credentials: Account?
    /// The bearer token, when the scenario gives one.
    public var token: String?
    /// The proxy and its credentials, when the scenario uses one (and its URL reads as a proxy's:
    /// ``init(environment:requestTimeoutSeconds:)`` throws when it does not).
    public var proxy: Proxy?
    /// Header lines to send with each request it makes (`MOCKAUTH_HEADERS`), in order; empty when none.
    public var headers: [HeaderField]
    /// Accounts of later requests that have their own, keyed by the request's 1-based position in
    /// ``urls``, as `MOCKAUTH_USERNAME_2` … name them; a request not listed uses ``credentials``
    /// (``account(forRequest:)``).
    public var requestAccounts: [Int: Account]
    /// How to resolve the servers named under `.test` (`MOCKAUTH_RESOLVE`); empty when none.
    public var hostMappings: [HostMapping]
    /// The method of each request (`MOCKAUTH_METHOD`; `GET` when unset).
    public var method: String
    /// The body of each request (`MOCKAUTH_BODY_FILE`'s bytes), or `nil`.
    public var body: [UInt8]?
    /// How many seconds to wait after one request's answer before making the next
    /// (`MOCKAUTH_PAUSE_SECONDS`), or `nil` when the scenario asks for no pause.
    public var pauseSeconds: Int?
    /// What the scenario needs from a client (``Scenario/requirements``; `MOCKAUTH_FEATURES`).
    public var requirements: ClientRequirements
    /// The same as environment variables (the contract of `mockauthd check`); empty for a context
    /// made from a material alone.
    public var environment: [String: String]
    /// How long one request may take before the client should give up.
    public var requestTimeoutSeconds: Int

    /// A client identity in the forms clients load.
    public struct Identity: Sendable {
        public var certificatePEM: String
        public var privateKeyPEM: String
        public var pkcs12: [UInt8]
        public var pkcs12Passphrase: String
        /// The DER of the certificate's issuer name, which a server's certificate request names
        /// when it wants this identity; empty when unknown (then no request can be matched).
        public var issuerNameDER: [UInt8] = []
    }

    /// The identity to present to a certificate request that names `authorities` (DER issuer names,
    /// as TLS's certificate_authorities and Apple's `URLProtectionSpace.distinguishedNames` carry
    /// them), as a careful client chooses: the first of ``identity`` and ``secondIdentity`` whose
    /// issuer is named; when the request names no CA, ``identity``; when it names others only, none
    /// (RFC 8446 §4.4.2.3: a client sends a chain from a named CA, or no certificate).
    public func identity(forAuthorities authorities: [[UInt8]]) -> Identity? {
        identityIndex(forAuthorities: authorities).map { heldIdentities[$0] }
    }

    /// ``identity`` and ``secondIdentity``, those the scenario gives, in that order.
    public var heldIdentities: [Identity] { [identity, secondIdentity].compactMap(\.self) }

    /// The position in ``heldIdentities`` of ``identity(forAuthorities:)``'s choice.
    public func identityIndex(forAuthorities authorities: [[UInt8]]) -> Int? {
        guard !authorities.isEmpty else { return heldIdentities.isEmpty ? nil : 0 }
        return heldIdentities.firstIndex { identity in authorities.contains(identity.issuerNameDER) }
    }

    /// The account for the request at 1-based position `request` in ``urls``: its own, else
    /// ``credentials``.
    public func account(forRequest request: Int) -> Account? {
        requestAccounts[request] ?? credentials
    }

    /// Accounts of later requests that have their own, by 0-based position in ``urls``.
    @available(*, deprecated, message: "0-based: use requestAccounts, keyed 1-based as MOCKAUTH_USERNAME_2 … are")
    public var requestCredentials: [Int: Account] {
        get { Dictionary(uniqueKeysWithValues: requestAccounts.map { ($0.key - 1, $0.value) }) }
        set { requestAccounts = Dictionary(uniqueKeysWithValues: newValue.map { ($0.key + 1, $0.value) }) }
    }

    /// A proxy to use.
    public struct Proxy: Sendable {
        /// How the client speaks to the proxy: the scheme of its URL (`MOCKAUTH_PROXY_URL`).
        public enum Scheme: String, Sendable, CaseIterable {
            /// An HTTP forward proxy, in plain HTTP.
            case http
            /// An HTTP forward proxy reached over TLS: its certificate is checked like an origin's.
            case https
            /// A SOCKS5 proxy (RFC 1928); the client may resolve the origin's name itself.
            case socks5
            /// A SOCKS5 proxy that resolves the origin's name: the client sends the name, not an address.
            case socks5h

            /// The port a URL of this scheme means when it names none.
            var defaultPort: Int {
                switch self {
                case .http: 80
                case .https: 443
                case .socks5, .socks5h: 1080
                }
            }
        }

        public var host: String
        /// The proxy's port (from its URL; when it names none, 80, 443 for `https://`, 1080 for SOCKS).
        public var port: Int
        public var credentials: Account?
        /// How the proxy is spoken to.
        public var scheme: Scheme = .http
        /// Whether the proxy is reached over TLS (`https://`), its certificate checked like an origin's.
        public var usesTLS: Bool { scheme == .https }
        /// Whether the proxy speaks SOCKS5 rather than HTTP.
        public var isSOCKS: Bool {
            switch scheme {
            case .http, .https: false
            case .socks5, .socks5h: true
            }
        }
    }

    /// The context `material` describes.
    ///
    /// - Parameters:
    ///   - material: what the scenario gives.
    ///   - environment: the same as a command gets it, when there is one (``ScenarioRun/environment``).
    ///   - requestTimeoutSeconds: how long one request may take.
    public init(_ material: ClientMaterial, environment: [String: String] = [:], requestTimeoutSeconds: Int = 10) {
        self.material = material
        scenario = material.scenario
        urls = material.urls
        caCertificatePEM = material.caCertificatePEM
        trustAnchorsDER = material.caCertificatePEM.map(CertificatePEM.derEncodings(of:)) ?? []
        func project(_ given: ClientMaterial.Identity?) -> Identity? {
            given.map {
                Identity(
                    certificatePEM: $0.certificatePEM, privateKeyPEM: $0.privateKeyPEM, pkcs12: $0.pkcs12,
                    pkcs12Passphrase: material.pkcs12Passphrase ?? "",
                    issuerNameDER: CertificatePEM.issuerNameDER(of: $0.certificatePEM))
            }
        }
        identity = project(material.identity)
        secondIdentity = project(material.secondIdentity)
        pins = material.pinSHA256.flatMap(PublicKeyPins.init(curlForm:))
        credentials = material.credentials
        token = material.token
        headers = material.headers
        requestAccounts = material.requestAccounts
        hostMappings = material.hosts
        method = material.method ?? "GET"
        body = material.body.map { Array($0.utf8) }
        pauseSeconds = material.pauseSeconds
        proxy = material.proxy.flatMap { proxy in
            URLComponents(string: proxy.url).flatMap { components in
                components.host.flatMap { host in
                    Proxy.Scheme(rawValue: components.scheme?.lowercased() ?? "").map { scheme in
                        Proxy(
                            host: host, port: components.port ?? scheme.defaultPort, credentials: proxy.credentials,
                            scheme: scheme)
                    }
                }
            }
        }
        requirements = ClientRequirements(environmentValue: material.features.joined(separator: " "))
        self.environment = environment
        self.requestTimeoutSeconds = requestTimeoutSeconds
    }

    /// The context of a running scenario: its ``ScenarioRun/material`` and ``ScenarioRun/environment``.
    public init(_ run: ScenarioRun, requestTimeoutSeconds: Int = 10) {
        self.init(run.material, environment: run.environment, requestTimeoutSeconds: requestTimeoutSeconds)
    }

    /// The context described by the environment of `mockauthd check` (`MOCKAUTH_URL`, `MOCKAUTH_CA_FILE`
    /// …), for adapters run as commands: ``ClientMaterial/init(environment:readingFilesWith:)``, whose
    /// files are read; what is unset stays `nil`.
    ///
    /// - Throws: ``ClientContextError`` when a file cannot be read, an identity comes in part, or the
    ///   proxy's URL is not an `http`, `https`, `socks5` or `socks5h` URL with a host.
    public init(environment: [String: String], requestTimeoutSeconds: Int = 10) throws {
        let material: ClientMaterial
        do {
            material = try ClientMaterial(environment: environment)
        } catch {
            throw ClientContextError(error.reason)
        }
        self.init(material, environment: environment, requestTimeoutSeconds: requestTimeoutSeconds)
        if let given = material.proxy, proxy == nil {
            let schemes = Proxy.Scheme.allCases.map(\.rawValue).joined(separator: ", ")
            throw ClientContextError(
                "\(ClientVariable.proxyURL.name) is '\(given.url)': not a URL with a host and one of the schemes \(schemes)"
            )
        }
    }
}

/// The environment of a client command could not be read into a ``ClientContext``.
public struct ClientContextError: Error, Sendable, CustomStringConvertible {
    /// What could not be read, in words.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

extension ClientContext {
    /// Waits the scenario's pause (``pauseSeconds``) before the request at 0-based position
    /// `index` in ``urls``: none before the first, nor when the scenario asks for none.
    public func pause(before index: Int) async {
        guard index > 0, let pauseSeconds, pauseSeconds > 0 else { return }
        try? await Task.sleep(for: .seconds(pauseSeconds))
    }
}
