import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// One scenario, running: its servers, the files and environment its client is given, and, once
/// the client is done, the verdict.
///
/// ```swift
/// let run = try await ScenarioRun.start(scenario)
/// // … point a client at run.url, trusting run.files.caFile …
/// let verdict = await run.finish()
/// ```
public final class ScenarioRun: Sendable {
    public let scenario: Scenario
    public let server: ScenarioServer
    public let pki: HarnessPKI
    /// The client's files (CA file, identity).
    public let files: ClientFiles
    /// Whether ``shutdown()`` deletes ``files`` (it does when the run wrote them).
    private let ownsFiles: Bool
    /// The file holding the body the client sends (`MOCKAUTH_BODY_FILE`), when the scenario gives one.
    public let bodyFile: String?
    /// The hosts file naming the servers under `.test` (`MOCKAUTH_HOSTS_FILE`), when there are any.
    public let hostsFile: String?

    private init(
        scenario: Scenario, server: ScenarioServer, pki: HarnessPKI, files: ClientFiles, ownsFiles: Bool,
        bodyFile: String?, hostsFile: String?
    ) {
        self.scenario = scenario
        self.server = server
        self.pki = pki
        self.files = files
        self.ownsFiles = ownsFiles
        self.bodyFile = bodyFile
        self.hostsFile = hostsFile
    }

    /// Starts `scenario`'s servers and writes its client files.
    ///
    /// - Parameters:
    ///   - scenario: the scenario to start.
    ///   - pki: the PKI to issue from; by default one shared by the whole process.
    ///   - files: client files already written for `pki` (several runs can share them); by default
    ///     the run writes its own to a new temporary directory and deletes them on shutdown.
    ///   - group: the event loops the servers run on.
    ///   - transcriptLimit: records the transcript keeps per server (identical requests are folded
    ///     into one record with a count, so memory stays bounded under load).
    ///   - limits: how long the servers wait for a slow or stalled client before closing its
    ///     connection (``ConnectionLimits/default``: 10 s handshake, 30 s request head).
    ///   - addressing: where the servers listen and the names their URLs and certificates use
    ///     (``ServerAddressing/loopback`` by default; `mockauthd serve --bind/--host-name/--port-base`).
    public static func start(
        _ scenario: Scenario,
        pki: HarnessPKI? = nil,
        files: ClientFiles? = nil,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        transcriptLimit: Int = ScenarioServer.defaultTranscriptLimit,
        limits: ConnectionLimits = .default,
        addressing: ServerAddressing = .loopback
    ) async throws -> ScenarioRun {
        let pki = try pki ?? HarnessPKI.shared()
        let ownFiles = try files == nil ? ClientFiles.write(pki) : nil
        do {
            let server = try await ScenarioServer.start(
                scenario, pki: pki, group: group, transcriptLimit: transcriptLimit, limits: limits,
                addressing: addressing)
            guard let clientFiles = files ?? ownFiles else { throw HarnessError("no client files") }
            let bodyFile = try scenario.client.body.map { try clientFiles.writeBody($0, scenario: scenario.name) }
            let mappings = server.hostMappings
            let hostsFile = mappings.isEmpty ? nil : try clientFiles.writeHosts(mappings, scenario: scenario.name)
            return ScenarioRun(
                scenario: scenario, server: server, pki: pki, files: clientFiles, ownsFiles: ownFiles != nil,
                bodyFile: bodyFile, hostsFile: hostsFile)
        } catch {
            ownFiles?.remove()
            throw error
        }
    }

    /// Every URL the client should request, in order.
    public var urls: [String] {
        scenario.client.requests.compactMap { request in
            server.endpoint(request.server)?.url(path: request.path)
        }
    }

    /// The URL the client should request first.
    public var url: String { urls.first ?? "" }

    /// The pins the client is given, when the scenario gives some.
    public var pins: PublicKeyPins? { scenario.client.pin ? pki.pins(for: scenario.client.pinTarget) : nil }

    /// The pins in curl's `--pinnedpubkey` form (`sha256//BASE64`, several separated by `;`), as
    /// `MOCKAUTH_PIN_SHA256` gives them.
    public var pin: String? { pins?.curlForm }

    /// The environment a client command is given (DESIGN.md's contract). Variables that do not
    /// apply are absent, never empty.
    public var environment: [String: String] {
        var environment = [
            "MOCKAUTH_SCENARIO": scenario.name,
            "MOCKAUTH_URL": url,
            "MOCKAUTH_URLS": urls.joined(separator: " "),
        ]
        let requirements = scenario.requirements
        if !requirements.allFeatures.isEmpty {
            environment["MOCKAUTH_FEATURES"] = requirements.environmentValue
        }
        switch scenario.client.trust {
        case .harnessRoot: environment["MOCKAUTH_CA_FILE"] = files.caFile
        case .harnessRootAndExpiredRoot: environment["MOCKAUTH_CA_FILE"] = files.caFileWithExpiredRoot
        case .none: break
        }
        if let identity = scenario.client.identity {
            environment["MOCKAUTH_CLIENT_CERT"] = files.clientCertificate
            environment["MOCKAUTH_CLIENT_KEY"] = files.clientKey
            environment["MOCKAUTH_CLIENT_P12"] = files.clientPKCS12(identity.pkcs12)
            environment["MOCKAUTH_CLIENT_P12_PASSWORD"] = files.clientPKCS12Passphrase
            if identity.second {
                environment["MOCKAUTH_CLIENT_CERT_2"] = files.secondClientCertificate
                environment["MOCKAUTH_CLIENT_KEY_2"] = files.secondClientKey
                environment["MOCKAUTH_CLIENT_P12_2"] = files.secondClientPKCS12(identity.pkcs12)
            }
        }
        if let pin {
            environment["MOCKAUTH_PIN_SHA256"] = pin
        }
        if let credentials = scenario.client.credentials {
            environment["MOCKAUTH_USERNAME"] = credentials.username
            environment["MOCKAUTH_PASSWORD"] = credentials.password
            environment["MOCKAUTH_DOMAIN"] = credentials.domain
        }
        // A later request with an account of its own: MOCKAUTH_USERNAME_2 … (1-based, as the URLs).
        for (index, request) in scenario.client.requests.enumerated() {
            guard let account = request.credentials else { continue }
            environment["MOCKAUTH_USERNAME_\(index + 1)"] = account.username
            environment["MOCKAUTH_PASSWORD_\(index + 1)"] = account.password
            environment["MOCKAUTH_DOMAIN_\(index + 1)"] = account.domain
        }
        if let token = scenario.client.token {
            environment["MOCKAUTH_TOKEN"] = token
        }
        if scenario.client.sendsRequestContent {
            environment["MOCKAUTH_METHOD"] = scenario.client.method
        }
        environment["MOCKAUTH_BODY_FILE"] = bodyFile
        let mappings = server.hostMappings
        if !mappings.isEmpty {
            // curl's --resolve form, one per name, space-separated (as MOCKAUTH_URLS).
            environment["MOCKAUTH_RESOLVE"] = mappings.map(\.curlResolve).joined(separator: " ")
        }
        environment["MOCKAUTH_HOSTS_FILE"] = hostsFile
        if !scenario.client.headers.isEmpty {
            // One `Name: value` line each (values never hold a line break: the loader refuses them).
            environment["MOCKAUTH_HEADERS"] = scenario.client.headers.map(\.line).joined(separator: "\n")
        }
        if let proxy = scenario.client.proxy, let endpoint = server.endpoint(proxy.server) {
            environment["MOCKAUTH_PROXY_URL"] = endpoint.baseURL
            environment["MOCKAUTH_PROXY_USERNAME"] = proxy.credentials?.username
            environment["MOCKAUTH_PROXY_PASSWORD"] = proxy.credentials?.password
        }
        return environment
    }

    /// What the servers saw so far.
    public func transcript() -> Transcript { server.transcript() }

    /// Waits for in-flight connections to settle, then judges the transcript.
    public func verdict(client: ClientExit? = nil) async -> Verdict {
        await server.settle()
        return Judge.verdict(for: scenario, transcript: server.transcript(), client: client)
    }

    /// Judges what the servers have seen so far while the client is still running (a run begun
    /// through `serve`'s control API): only an exchange under way (a handshake, a request not yet
    /// answered) is waited for, not the idle keep-alive connections a live client holds open.
    public func verdictSoFar() async -> Verdict {
        await server.settleExchanges()
        return Judge.verdict(for: scenario, transcript: server.transcript(), client: nil)
    }

    /// Judges, then stops the servers and deletes the client files.
    public func finish(client: ClientExit? = nil) async -> Verdict {
        let verdict = await verdict(client: client)
        await shutdown()
        return verdict
    }

    /// Stops the servers and deletes the client files if the run wrote them.
    public func shutdown() async {
        await server.shutdown()
        if ownsFiles { files.remove() }
    }
}

extension HarnessPKI {
    private static let sharedInstance = Mutex<HarnessPKI?>(nil)

    /// The PKI shared by every scenario run in this process, generated on first use.
    public static func shared() throws -> HarnessPKI {
        try sharedInstance.withLock { instance in
            if let instance { return instance }
            let created = try HarnessPKI()
            instance = created
            return created
        }
    }
}
