import Foundation
import MockAuthMaterial
import MockAuthPKI
import MockAuthScenario
import MockAuthSchemes
import MockAuthServer
import MockAuthTranscript
import NIOCore
import NIOPosix
import Synchronization

/// One scenario, running: its servers, what its client is given (``material``, and as a command
/// gets it, ``environment``), and, once the client is done, the verdict.
///
/// ```swift
/// let run = try await ScenarioRun.start(scenario)
/// // … point a client at run.url, trusting run.material.caCertificatePEM …
/// let conclusion = await run.conclude()   // the verdict, and the transcript it judged
/// ```
public final class ScenarioRun: Sendable {
    public let scenario: Scenario
    public let server: ScenarioServer
    public let pki: HarnessPKI
    /// The client's files (CA file, identity, body, hosts file).
    public let files: ClientFiles
    /// Whether ``shutdown()`` deletes ``files`` (it does when the run wrote them).
    private let ownsFiles: Bool
    /// The run's Kerberos realm, when a server verifies Kerberos: stopped by ``shutdown()``.
    private let kerberosRealm: (any KerberosRealm)?
    /// Everything the client is given, as one value: the environment, `ClientContext` and the
    /// control API's material are its projections.
    public let material: ClientMaterial
    /// The environment a client command is given (the contract the README's table documents): ``material``'s, its files
    /// in ``files``. Variables that do not apply are absent, never empty.
    public let environment: [String: String]

    private init(
        scenario: Scenario, server: ScenarioServer, pki: HarnessPKI, files: ClientFiles, ownsFiles: Bool,
        material: ClientMaterial, environment: [String: String], kerberosRealm: (any KerberosRealm)?
    ) {
        self.kerberosRealm = kerberosRealm
        self.scenario = scenario
        self.server = server
        self.pki = pki
        self.files = files
        self.ownsFiles = ownsFiles
        self.material = material
        self.environment = environment
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
        try await start(
            scenario, pki: pki, files: files, group: group, transcriptLimit: transcriptLimit, limits: limits,
            addressing: addressing, kerberos: nil)
    }

    /// Starts `scenario`'s servers and writes its client files; a scenario whose servers verify
    /// Kerberos gets a realm of its own from `kerberos` (MockAuthKerberos's KDC), stopped with the run.
    ///
    /// - Throws: ``HarnessError`` when the scenario needs Kerberos and `kerberos` is `nil`.
    package static func start(
        _ scenario: Scenario,
        pki: HarnessPKI? = nil,
        files: ClientFiles? = nil,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        transcriptLimit: Int = ScenarioServer.defaultTranscriptLimit,
        limits: ConnectionLimits = .default,
        addressing: ServerAddressing = .loopback,
        kerberos: (any KerberosRealmProvider)?
    ) async throws -> ScenarioRun {
        let pki = try pki ?? HarnessPKI.shared()
        let plan = scenario.kerberosRealmPlan(realm: KerberosRealmPlan.freshRealmName())
        var realm: (any KerberosRealm)?
        if let plan {
            guard let kerberos else {
                throw HarnessError(
                    "scenario '\(scenario.name)' verifies Kerberos tickets, and this run has no KDC: run it with "
                        + "mockauthd (check, serve, conform), which starts an MIT Kerberos KDC for it (macOS and Linux)"
                )
            }
            realm = try await kerberos.startRealm(plan)
        }
        let ownFiles: ClientFiles?
        do {
            ownFiles = try files == nil ? ClientFiles.write(pki) : nil
        } catch {
            await realm?.stop()
            throw error
        }
        do {
            let verifications = plan.map { Self.verifications(scenario, plan: $0, realm: realm) } ?? [:]
            let server = try await ScenarioServer.start(
                scenario, pki: pki, group: group, transcriptLimit: transcriptLimit, limits: limits,
                addressing: addressing, kerberos: verifications)
            if let plan, let realm {
                do {
                    try await realm.registerDecoys(plan.decoyPrincipals(ports: server.ports(of: plan)))
                } catch {
                    await server.shutdown()
                    throw error
                }
            }
            guard let clientFiles = files ?? ownFiles else { throw HarnessError("no client files") }
            let material = ClientMaterial(scenario, server: server, pki: pki, kerberos: realm)
            let environment: [String: String]
            do {
                environment = try material.environment(files: clientFiles)
            } catch {
                await server.shutdown()
                throw error
            }
            return ScenarioRun(
                scenario: scenario, server: server, pki: pki, files: clientFiles, ownsFiles: ownFiles != nil,
                material: material, environment: environment, kerberosRealm: realm)
        } catch {
            ownFiles?.remove()
            await realm?.stop()
            throw error
        }
    }

    /// Every URL the client should request, in order.
    public var urls: [String] { material.urls }

    /// The URL the client should request first.
    public var url: String { material.url }

    /// The pins the client is given, when the scenario gives some.
    public var pins: PublicKeyPins? { material.pinSHA256.flatMap(PublicKeyPins.init(curlForm:)) }

    /// The pins in curl's `--pinnedpubkey` form (`sha256//BASE64`, several separated by `;`), as
    /// `MOCKAUTH_PIN_SHA256` gives them.
    public var pin: String? { material.pinSHA256 }

    /// The file holding the body the client sends (`MOCKAUTH_BODY_FILE`), when the scenario gives one.
    package var bodyFile: String? { environment[ClientVariable.bodyFile.name] }

    /// The hosts file naming the servers under `.test` (`MOCKAUTH_HOSTS_FILE`), when there are any.
    package var hostsFile: String? { environment[ClientVariable.hostsFile.name] }

    /// What the servers saw so far.
    public func transcript() -> Transcript { server.transcript() }

    /// Stops the servers and deletes the client files if the run wrote them.
    public func shutdown() async {
        await server.shutdown()
        await kerberosRealm?.stop()
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
