import Foundation
import MockAuth
import MockAuthPKI

/// Everything a scenario hands its client, in the forms a Swift client takes: where to go, what to
/// trust, who to be, which secrets.
///
/// A view over ``ClientMaterial``: it holds the material and computes every other property from it
/// when asked (no copy that could drift from it). Made from a running scenario
/// (``init(_:requestTimeoutSeconds:)``), from the environment of a command (an adapter,
/// ``init(environment:requestTimeoutSeconds:)``), or from a material alone (the control API's).
/// A property with a field of the same meaning in the material (``scenario``, ``urls``,
/// ``credentials`` …) writes through to it when set; the forms derived from it (``trustAnchorsDER``,
/// ``identity``, ``body``, ``requirements`` …) are read-only: set ``material`` instead.
public struct ClientContext: Sendable {
    /// What the scenario gives, as one value: every property below but ``environment`` and
    /// ``requestTimeoutSeconds`` is computed from it.
    public var material: ClientMaterial
    /// The same as environment variables (the contract of `mockauthd check`), as the context was
    /// made: setting ``material`` does not rewrite it; empty for a context made from a material alone.
    public var environment: [String: String]
    /// How long one request may take before the client should give up.
    public var requestTimeoutSeconds: Int

    /// The scenario's name (``ClientMaterial/scenario``).
    public var scenario: String {
        get { material.scenario }
        set { material.scenario = newValue }
    }
    /// Every URL to request, in order (``ClientMaterial/urls``).
    public var urls: [String] {
        get { material.urls }
        set { material.urls = newValue }
    }
    /// The trust anchors as PEM (the harness root, and the expired old root where the scenario gives
    /// it too), or `nil` when the scenario gives none (``ClientMaterial/caCertificatePEM``).
    public var caCertificatePEM: String? {
        get { material.caCertificatePEM }
        set { material.caCertificatePEM = newValue }
    }
    /// Every trust anchor the scenario gives, as DER (e.g. for `SecCertificateCreateWithData`), in
    /// the order of ``caCertificatePEM``; empty when it gives none.
    public var trustAnchorsDER: [[UInt8]] { material.caCertificatePEM.map(CertificatePEM.derEncodings(of:)) ?? [] }
    /// The first trust anchor (the harness root) as DER, or `nil` when the scenario gives none.
    public var caCertificateDER: [UInt8]? { trustAnchorsDER.first }
    /// The client identity, when the scenario gives one (``ClientMaterial/identity``).
    public var identity: Identity? {
        material.identity.map { Identity($0, pkcs12Passphrase: material.pkcs12Passphrase ?? "") }
    }
    /// The second identity, from another CA (`identity: { second: true }`), when the scenario gives it
    /// (``ClientMaterial/secondIdentity``).
    public var secondIdentity: Identity? {
        material.secondIdentity.map { Identity($0, pkcs12Passphrase: material.pkcs12Passphrase ?? "") }
    }
    /// The pins (SHA-256 of the pinned SubjectPublicKeyInfo), when the scenario gives some
    /// (``ClientMaterial/pinSHA256`` read).
    public var pins: PublicKeyPins? {
        get { material.pinSHA256.flatMap(PublicKeyPins.init(curlForm:)) }
        set { material.pinSHA256 = newValue?.curlForm }
    }
    /// The pins in curl's form (`sha256//BASE64`, several separated by `;`), as `MOCKAUTH_PIN_SHA256` has them.
    public var pin: String? { pins?.curlForm }
    /// The origin credentials, when the scenario gives some (``ClientMaterial/credentials``).
    public var credentials: Account? {
        get { material.credentials }
        set { material.credentials = newValue }
    }
    /// The bearer token, when the scenario gives one (``ClientMaterial/token``).
    public var token: String? {
        get { material.token }
        set { material.token = newValue }
    }
    /// The proxy and its credentials, when the scenario uses one and its URL reads as a proxy's
    /// (``ClientMaterial/proxy``; ``init(environment:requestTimeoutSeconds:)`` throws when it does not).
    public var proxy: Proxy? {
        get { material.proxy.flatMap(Proxy.init) }
        set { material.proxy = newValue?.material }
    }
    /// Header lines to send with each request it makes (`MOCKAUTH_HEADERS`), in order; empty when none
    /// (``ClientMaterial/headers``).
    public var headers: [HeaderField] {
        get { material.headers }
        set { material.headers = newValue }
    }
    /// Accounts of later requests that have their own, keyed by the request's 1-based position in
    /// ``urls``, as `MOCKAUTH_USERNAME_2` … name them; a request not listed uses ``credentials``
    /// (``account(forRequest:)``; ``ClientMaterial/requestAccounts``).
    public var requestAccounts: [Int: Account] {
        get { material.requestAccounts }
        set { material.requestAccounts = newValue }
    }
    /// How to resolve the servers named under `.test` (`MOCKAUTH_RESOLVE`); empty when none
    /// (``ClientMaterial/hosts``).
    public var hostMappings: [HostMapping] {
        get { material.hosts }
        set { material.hosts = newValue }
    }
    /// The method of each request (`MOCKAUTH_METHOD`; `GET` when unset). Set, it is the material's
    /// ``ClientMaterial/method``.
    public var method: String {
        get { material.method ?? "GET" }
        set { material.method = newValue }
    }
    /// The body of each request (`MOCKAUTH_BODY_FILE`'s bytes: ``ClientMaterial/body`` as UTF-8), or `nil`.
    public var body: [UInt8]? { material.body.map { Array($0.utf8) } }
    /// How many seconds to wait after one request's answer before making the next
    /// (`MOCKAUTH_PAUSE_SECONDS`), or `nil` when the scenario asks for no pause
    /// (``ClientMaterial/pauseSeconds``).
    public var pauseSeconds: Int? {
        get { material.pauseSeconds }
        set { material.pauseSeconds = newValue }
    }
    /// What the scenario needs from a client (`Scenario.requirements`; `MOCKAUTH_FEATURES`, read
    /// from ``ClientMaterial/features``).
    public var requirements: ClientRequirements {
        ClientRequirements(environmentValue: material.features.joined(separator: " "))
    }

    /// A client identity in the forms clients load: a view over the material's
    /// (``ClientMaterial/Identity``) and the passphrase of its PKCS#12 bundle.
    public struct Identity: Sendable {
        /// The identity as the material gives it: certificate, key and PKCS#12 bundle.
        package var material: ClientMaterial.Identity
        /// The passphrase of ``pkcs12`` (``ClientMaterial/pkcs12Passphrase``; empty when none is given).
        public var pkcs12Passphrase: String

        /// The certificate, PEM.
        public var certificatePEM: String {
            get { material.certificatePEM }
            set { material.certificatePEM = newValue }
        }
        /// The private key, PKCS#8 PEM.
        public var privateKeyPEM: String {
            get { material.privateKeyPEM }
            set { material.privateKeyPEM = newValue }
        }
        /// The certificate and key as a PKCS#12 bundle, with ``pkcs12Passphrase``.
        public var pkcs12: [UInt8] {
            get { material.pkcs12 }
            set { material.pkcs12 = newValue }
        }
        /// The DER of the certificate's issuer name, which a server's certificate request names
        /// when it wants this identity; empty when the certificate cannot be read (then no request
        /// can be matched).
        public var issuerNameDER: [UInt8] { CertificatePEM.issuerNameDER(of: material.certificatePEM) }

        /// The view over `material`, whose PKCS#12 bundle `pkcs12Passphrase` opens.
        package init(_ material: ClientMaterial.Identity, pkcs12Passphrase: String) {
            self.material = material
            self.pkcs12Passphrase = pkcs12Passphrase
        }
    }

    /// The identity to present to a certificate request that names `authorities` (DER issuer names,
    /// as TLS's certificate_authorities and Apple's `URLProtectionSpace.distinguishedNames` carry
    /// them), as a careful client chooses: the first of ``identity`` and ``secondIdentity`` whose
    /// issuer is named; when the request names no CA, ``identity``; when it names others only, none
    /// (RFC 8446 §4.4.2.3: a client sends a chain from a named CA, or no certificate).
    public func identity(forAuthorities authorities: [[UInt8]]) -> Identity? {
        let held = heldIdentities
        return identityIndex(forAuthorities: authorities).map { held[$0] }
    }

    /// ``identity`` and ``secondIdentity``, those the scenario gives, in that order.
    public var heldIdentities: [Identity] { [identity, secondIdentity].compactMap(\.self) }

    /// The position in ``heldIdentities`` of ``identity(forAuthorities:)``'s choice.
    public func identityIndex(forAuthorities authorities: [[UInt8]]) -> Int? {
        let held = heldIdentities
        guard !authorities.isEmpty else { return held.isEmpty ? nil : 0 }
        return held.firstIndex { identity in authorities.contains(identity.issuerNameDER) }
    }

    /// The account for the request at 1-based position `request` in ``urls``: its own, else
    /// ``credentials`` (``ClientMaterial/account(forRequest:)``).
    public func account(forRequest request: Int) -> Account? {
        material.account(forRequest: request)
    }

    /// Accounts of later requests that have their own, by 0-based position in ``urls``.
    @available(*, deprecated, message: "0-based: use requestAccounts, keyed 1-based as MOCKAUTH_USERNAME_2 … are")
    public var requestCredentials: [Int: Account] {
        get { Dictionary(uniqueKeysWithValues: requestAccounts.map { ($0.key - 1, $0.value) }) }
        set { requestAccounts = Dictionary(uniqueKeysWithValues: newValue.map { ($0.key + 1, $0.value) }) }
    }

    /// A proxy to use: a view over the material's (``ClientMaterial/Proxy``), its URL read.
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

        /// The proxy as the material gives it: its URL and account.
        package private(set) var material: ClientMaterial.Proxy

        /// The view over `material`, or `nil` when its URL is not an `http`, `https`, `socks5` or
        /// `socks5h` URL with a host.
        package init?(_ material: ClientMaterial.Proxy) {
            guard Self.read(material.url) != nil else { return nil }
            self.material = material
        }

        /// The host, port and scheme of `url`, when it is a proxy's URL.
        private static func read(_ url: String) -> (host: String, port: Int, scheme: Scheme)? {
            guard let components = URLComponents(string: url), let host = components.host,
                let scheme = Scheme(rawValue: components.scheme?.lowercased() ?? "")
            else { return nil }
            return (host, components.port ?? scheme.defaultPort, scheme)
        }

        /// The proxy's host (from its URL).
        public var host: String { Self.read(material.url)?.host ?? "" }
        /// The proxy's port (from its URL; when it names none, 80, 443 for `https://`, 1080 for SOCKS).
        public var port: Int { Self.read(material.url)?.port ?? Scheme.http.defaultPort }
        /// How the proxy is spoken to (the scheme of its URL).
        public var scheme: Scheme { Self.read(material.url)?.scheme ?? .http }
        /// The proxy's account, when the client is given one.
        public var credentials: Account? {
            get { material.credentials }
            set { material.credentials = newValue }
        }
        /// Whether the proxy is reached over TLS (`https://`), its certificate checked like an origin's.
        /// Whether it speaks SOCKS5 or HTTP is its ``scheme``'s to say (a `switch` over it).
        public var usesTLS: Bool { scheme == .https }
    }

    /// The context `material` describes.
    ///
    /// - Parameters:
    ///   - material: what the scenario gives.
    ///   - environment: the same as a command gets it, when there is one (``ScenarioRun/environment``).
    ///   - requestTimeoutSeconds: how long one request may take.
    public init(_ material: ClientMaterial, environment: [String: String] = [:], requestTimeoutSeconds: Int = 10) {
        self.material = material
        self.environment = environment
        self.requestTimeoutSeconds = requestTimeoutSeconds
    }

    /// The context of a running scenario: its ``ScenarioRun/material`` and ``ScenarioRun/environment``.
    public init(_ run: ScenarioRun, requestTimeoutSeconds: Int = 10) {
        self.init(run.material, environment: run.environment, requestTimeoutSeconds: requestTimeoutSeconds)
    }

    /// The context described by the environment of `mockauthd check` (`MOCKAUTH_URL`, `MOCKAUTH_CA_FILE`
    /// …), for adapters run as commands: `ClientMaterial(environment:readingFilesWith:)`, whose
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
        if let given = material.proxy, Proxy(given) == nil {
            let schemes = Proxy.Scheme.allCases.map(\.rawValue).joined(separator: ", ")
            throw ClientContextError(
                "\(ClientVariable.proxyURL.name) is '\(given.url)': not a URL with a host and one of the schemes \(schemes)"
            )
        }
        self.init(material, environment: environment, requestTimeoutSeconds: requestTimeoutSeconds)
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
