import Foundation
import MockAuth

/// Everything a scenario hands its client: where to go, what to trust, who to be, which secrets.
public struct ClientContext: Sendable {
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
    /// The proxy and its credentials, when the scenario uses one.
    public var proxy: Proxy?
    /// Header lines to send with each request it makes (`MOCKAUTH_HEADERS`), in order; empty when none.
    public var headers: [HeaderField]
    /// Accounts of later requests that have their own (`MOCKAUTH_USERNAME_2` …), by position in
    /// ``urls`` (0-based); a request not listed uses ``credentials``.
    public var requestCredentials: [Int: Account]
    /// How to resolve the servers named under `.test` (`MOCKAUTH_RESOLVE`); empty when none.
    public var hostMappings: [HostMapping]
    /// The method of each request (`MOCKAUTH_METHOD`; `GET` when unset).
    public var method: String
    /// The body of each request (`MOCKAUTH_BODY_FILE`'s bytes), or `nil`.
    public var body: [UInt8]?
    /// What the scenario needs from a client (``Scenario/requirements``; `MOCKAUTH_FEATURES`).
    public var requirements: ClientRequirements
    /// The same as environment variables (the contract of `mockauthd check`).
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

    /// A proxy to use.
    public struct Proxy: Sendable {
        public var host: String
        public var port: Int
        public var credentials: Account?
    }

    /// The context of a running scenario.
    public init(_ run: ScenarioRun, requestTimeoutSeconds: Int = 10) {
        let client = run.scenario.client
        scenario = run.scenario.name
        urls = run.urls
        caCertificatePEM = client.trust.isGiven ? run.caCertificatePEM : nil
        trustAnchorsDER = run.trustAnchorsDER
        identity = client.identity.map {
            Identity(
                certificatePEM: run.clientCertificatePEM, privateKeyPEM: run.clientKeyPEM,
                pkcs12: run.pki.clientPKCS12($0.pkcs12), pkcs12Passphrase: run.clientPKCS12Passphrase,
                issuerNameDER: run.pki.clientIdentity.issuerNameDER)
        }
        secondIdentity = client.identity.flatMap { spec in
            guard spec.second else { return nil }
            return Identity(
                certificatePEM: run.secondClientCertificatePEM, privateKeyPEM: run.secondClientKeyPEM,
                pkcs12: run.secondClientPKCS12, pkcs12Passphrase: run.clientPKCS12Passphrase,
                issuerNameDER: run.pki.clientIdentity2.issuerNameDER)
        }
        pins = run.pins
        credentials = client.credentials
        token = client.token
        headers = client.headers
        hostMappings = run.server.hostMappings
        requestCredentials = Dictionary(
            uniqueKeysWithValues: client.requests.enumerated().compactMap { index, request in
                request.credentials.map { (index, $0) }
            })
        method = client.method
        body = client.body.map { Array($0.utf8) }
        proxy = client.proxy.flatMap { proxy in
            run.server.endpoint(proxy.server).map {
                Proxy(host: $0.host.name, port: $0.port, credentials: proxy.credentials)
            }
        }
        requirements = run.scenario.requirements
        environment = run.environment
        self.requestTimeoutSeconds = requestTimeoutSeconds
    }
}

extension ClientContext {
    /// The context described by the environment of `mockauthd check` (`MOCKAUTH_URL`, `MOCKAUTH_CA_FILE`
    /// …), for adapters run as commands. Files are read; what is unset stays `nil`.
    public init(environment: [String: String], requestTimeoutSeconds: Int = 10) throws {
        func read(_ variable: String) throws -> String? {
            guard let path = environment[variable] else { return nil }
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ClientContextError("cannot read \(variable) (\(path)): \(error.localizedDescription)")
            }
        }
        scenario = environment["MOCKAUTH_SCENARIO"] ?? "?"
        urls = (environment["MOCKAUTH_URLS"] ?? environment["MOCKAUTH_URL"] ?? "").split(separator: " ").map(
            String.init)
        caCertificatePEM = try read("MOCKAUTH_CA_FILE")
        trustAnchorsDER = caCertificatePEM.map { CertificatePEM.derEncodings(of: $0) } ?? []
        /// The identity of MOCKAUTH_CLIENT_CERT`suffix`, _KEY`suffix` and _P12`suffix` (one passphrase for all).
        func readIdentity(_ suffix: String) throws -> Identity? {
            guard let certificate = try read("MOCKAUTH_CLIENT_CERT\(suffix)"),
                let key = try read("MOCKAUTH_CLIENT_KEY\(suffix)")
            else { return nil }
            let pkcs12 = environment["MOCKAUTH_CLIENT_P12\(suffix)"].flatMap {
                FileManager.default.contents(atPath: $0)
            }
            return Identity(
                certificatePEM: certificate, privateKeyPEM: key, pkcs12: pkcs12.map { Array($0) } ?? [],
                pkcs12Passphrase: environment["MOCKAUTH_CLIENT_P12_PASSWORD"] ?? "",
                issuerNameDER: CertificatePEM.issuerNameDER(of: certificate))
        }
        identity = try readIdentity("")
        secondIdentity = try readIdentity("_2")
        pins = environment["MOCKAUTH_PIN_SHA256"].flatMap(PublicKeyPins.init(curlForm:))
        credentials = environment["MOCKAUTH_USERNAME"].map {
            Account(
                username: $0, password: environment["MOCKAUTH_PASSWORD"] ?? "", domain: environment["MOCKAUTH_DOMAIN"])
        }
        token = environment["MOCKAUTH_TOKEN"]
        headers = Self.headerFields(environment["MOCKAUTH_HEADERS"] ?? "")
        method = environment["MOCKAUTH_METHOD"] ?? "GET"
        hostMappings = Self.hostMappings(environment["MOCKAUTH_RESOLVE"] ?? "")
        var perRequest: [Int: Account] = [:]
        for index in 1..<max(urls.count, 1) {
            guard let user = environment["MOCKAUTH_USERNAME_\(index + 1)"] else { continue }
            perRequest[index] = Account(
                username: user, password: environment["MOCKAUTH_PASSWORD_\(index + 1)"] ?? "",
                domain: environment["MOCKAUTH_DOMAIN_\(index + 1)"])
        }
        requestCredentials = perRequest
        if let path = environment["MOCKAUTH_BODY_FILE"] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ClientContextError("cannot read MOCKAUTH_BODY_FILE (\(path))")
            }
            body = Array(data)
        } else {
            body = nil
        }
        proxy = environment["MOCKAUTH_PROXY_URL"].flatMap(URLComponents.init(string:)).flatMap { components in
            components.host.map { host in
                Proxy(
                    host: host, port: components.port ?? 80,
                    credentials: environment["MOCKAUTH_PROXY_USERNAME"].map {
                        Account(username: $0, password: environment["MOCKAUTH_PROXY_PASSWORD"] ?? "")
                    })
            }
        }
        requirements = ClientRequirements(environmentValue: environment["MOCKAUTH_FEATURES"] ?? "")
        self.environment = environment
        self.requestTimeoutSeconds = requestTimeoutSeconds
    }
}

/// The environment of a client command could not be read into a ``ClientContext``.
public struct ClientContextError: Error, Sendable, CustomStringConvertible {
    /// What could not be read, in words.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

extension ClientContext {
    /// Reads `MOCKAUTH_RESOLVE`: `name:port:address` entries, space-separated; a malformed one is
    /// skipped.
    static func hostMappings(_ entries: String) -> [HostMapping] {
        entries.split(separator: " ").compactMap { entry in
            let parts = entry.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let port = Int(parts[1]) else { return nil }
            var address = String(parts[2])
            if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
            return HostMapping(name: String(parts[0]), port: port, address: address)
        }
    }

    /// Reads `MOCKAUTH_HEADERS`: one `Name: value` line each; a line without a colon is skipped.
    static func headerFields(_ lines: String) -> [HeaderField] {
        lines.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return HeaderField(name: String(line[..<colon]), value: String(value))
        }
    }
}
