import Logging
import MockAuthPKI
import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOPosix
import Synchronization

/// The running servers of one scenario, each on an ephemeral loopback port, recording a transcript.
///
/// ```swift
/// let server = try await ScenarioServer.start(scenario, pki: pki)
/// defer { Task { await server.shutdown() } }
/// // … run a client against server.endpoint("origin")?.baseURL …
/// let transcript = server.transcript()
/// ```
public final class ScenarioServer: Sendable {
    /// The scenario being served.
    public let scenario: Scenario
    /// Where each server listens, in scenario order.
    public let endpoints: [ServerEndpoint]
    private let endpointsByServer: [String: ServerEndpoint]
    private let recorder: TranscriptRecorder
    private let channels: Mutex<[any Channel]>
    /// Fixed ports this scenario holds, given back on shutdown.
    private let reservation: PortReservation

    private init(
        scenario: Scenario, endpoints: [ServerEndpoint], recorder: TranscriptRecorder, channels: [any Channel],
        reservation: PortReservation
    ) {
        self.scenario = scenario
        self.endpoints = endpoints
        self.endpointsByServer = Dictionary(endpoints.map { ($0.server, $0) }, uniquingKeysWith: { first, _ in first })
        self.recorder = recorder
        self.channels = Mutex(channels)
        self.reservation = reservation
    }

    /// Starts every server of `scenario`.
    ///
    /// - Throws: ``ServerError`` when a port cannot be bound, `PKIError` when a certificate cannot be issued.
    ///
    /// - Parameters:
    ///   - transcriptLimit: records kept per server; identical requests are folded into one record
    ///     with a count, so only a client that keeps sending requests unlike any before reaches it.
    ///   - addressing: where the servers listen and the names clients use (loopback by default).
    public static func start(
        _ scenario: Scenario,
        pki: HarnessPKI,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        transcriptLimit: Int = ScenarioServer.defaultTranscriptLimit,
        limits: ConnectionLimits = .default,
        addressing: ServerAddressing = .loopback,
        logger: Logger = Logger(label: "mockauth.server")
    ) async throws -> ScenarioServer {
        try await start(
            scenario, pki: pki, group: group, transcriptLimit: transcriptLimit, limits: limits, addressing: addressing,
            kerberos: [:], logger: logger)
    }

    /// Starts every server of `scenario`, those that verify Kerberos with `kerberos[server]` (their
    /// run's realm holds their keys: ``KerberosVerification``).
    package static func start(
        _ scenario: Scenario,
        pki: HarnessPKI,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        transcriptLimit: Int = ScenarioServer.defaultTranscriptLimit,
        limits: ConnectionLimits = .default,
        addressing: ServerAddressing = .loopback,
        kerberos: [String: KerberosVerification],
        logger: Logger = Logger(label: "mockauth.server")
    ) async throws -> ScenarioServer {
        let addressing = addressing.forHosts(of: scenario)
        let recorder = TranscriptRecorder(limit: transcriptLimit)
        let reservation = PortReservation(allocator: addressing.ports)
        let directory = EndpointDirectory()
        var endpoints: [ServerEndpoint] = []
        var channels: [any Channel] = []
        var records: [EndpointRecord] = []
        do {
            // The revocation server binds first, so that every leaf can name its URLs; proxies bind
            // last, so that they know every origin they may reach.
            // (``ServerRole/bindOrder``; a stable sort keeps the scenario's order within a role).
            let ordered = scenario.servers.enumerated()
                .sorted { ($0.element.role.bindOrder, $0.offset) < ($1.element.role.bindOrder, $1.offset) }
                .map(\.element)
            let authority =
                scenario.servers.contains { $0.role == .revocation } ? RevocationAuthority(pki: pki) : nil
            // The token endpoint's tokens, shared by it and its resource servers for this run.
            let ledger = scenario.tokenEndpoint.map { TokenLedger(configuration: $0.configuration) }
            var revocation: RevocationEndpoints?
            for spec in ordered {
                // A server only a remote-DNS proxy resolves is reached by its name alone: its
                // certificate names nothing else (no loopback name, no name of this machine), so a
                // client that checks it against the address it dialled, the proxy's, is refused.
                let ownNameOnly = scenario.isReachedOnlyThroughRemoteDNS(spec)
                let names = ownNameOnly ? [] : addressing.certificateNames
                let tls = try spec.tls.map { tls in
                    try ServerTLS(
                        credentials: pki.serverCredentials(
                            for: tls.profile, key: tls.key, hostName: addressing.urlHost(for: spec.host),
                            additionalNames: names + [spec.host.resolvedName].compactMap(\.self),
                            loopbackNames: !ownNameOnly, names: tls.names, pinnedKey: tls.pinnedKey,
                            revocation: revocation), http2: spec.http2)
                }
                if let tls { authority?.register(tls.credentials) }
                let behavior = ServerBehavior(
                    spec: spec, endpoints: directory, limits: limits.overridden(by: spec.limits), revocation: authority,
                    kerberos: kerberos[spec.id], ledger: ledger, gathering: scenario.challengeGathering(for: spec))
                let listener = try await Listener.bind(
                    spec: spec, tls: tls, behavior: behavior, recorder: recorder, group: group,
                    addressing: addressing, port: try reservation.next(),
                    proxyTargets: spec.role.relays ? ProxyPolicy.targets(of: endpoints) : [],
                    proxyAliases: spec.role.relays ? ProxyPolicy.aliases(of: endpoints, addressing: addressing) : [:],
                    scheme: scenario.urlScheme(of: spec))
                directory.register(listener.endpoint)
                if spec.role == .revocation {
                    revocation = RevocationEndpoints(
                        crlURL: listener.endpoint.url(path: ServerSpec.crlPath),
                        ocspURL: listener.endpoint.url(path: ServerSpec.ocspPath))
                }
                endpoints.append(listener.endpoint)
                channels.append(contentsOf: listener.channels)
                records.append(
                    EndpointRecord(
                        server: spec.id, url: listener.endpoint.baseURL, tlsProfile: spec.tls?.profile,
                        certificateDefect: tls?.credentials.defect))
            }
        } catch {
            for channel in channels { try? await channel.close() }
            reservation.releaseAll()
            if error is any HarnessFailure { throw error }
            throw ServerError("cannot start scenario '\(scenario.name)': \(error)")
        }
        // Back to the scenario's order (proxies were bound last), by position: linear per lookup.
        let position = Dictionary(
            scenario.servers.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        endpoints.sort { (position[$0.server] ?? 0) < (position[$1.server] ?? 0) }
        records.sort { (position[$0.server] ?? 0) < (position[$1.server] ?? 0) }
        recorder.endpoints.withLock { $0 = records }
        logger.debug("serving \(scenario.name)", metadata: ["endpoints": "\(endpoints.map(\.baseURL))"])
        return ScenarioServer(
            scenario: scenario, endpoints: endpoints, recorder: recorder, channels: channels, reservation: reservation)
    }

    /// Records a transcript keeps per server unless told otherwise.
    public static let defaultTranscriptLimit = TranscriptRecorder.defaultLimit

    /// Where the server called `id` listens.
    /// How a client resolves the servers the scenario names under `.test`, in scenario order.
    package var hostMappings: [HostMapping] { endpoints.flatMap(\.hostMappings) }

    public func endpoint(_ id: String) -> ServerEndpoint? {
        endpointsByServer[id]
    }

    /// Everything the servers saw so far.
    public func transcript() -> Transcript {
        recorder.snapshot()
    }

    /// Waits until every connection has closed, or `timeout` passes: a client that just exited
    /// may have bytes in flight. Call before judging.
    public func settle(timeout: Duration = .milliseconds(500)) async {
        await recorder.waitUntilIdle(timeout: timeout)
    }

    /// For a client that is still running (a run of the control API): returns at once unless a
    /// connection is mid-exchange (a TLS handshake, a request not yet answered), then waits as
    /// ``settle(timeout:)`` does. Idle keep-alive connections do not hold it up.
    package func settleExchanges(timeout: Duration = .milliseconds(500)) async {
        await recorder.waitUntilQuiet(timeout: timeout)
    }

    /// Stops listening. Open connections are closed too.
    public func shutdown() async {
        let channels = self.channels.withLock { channels in
            defer { channels = [] }
            return channels
        }
        for channel in channels {
            try? await channel.close()
        }
        reservation.releaseAll()
    }
}

extension Scenario {
    /// Where `server`'s challenges wait for each other (``ChallengeGathering``): an origin's, when
    /// the client is told to send its requests at once and sends it two or more.
    fileprivate func challengeGathering(for server: ServerSpec) -> ChallengeGathering? {
        guard client.concurrent, server.role == .origin else { return nil }
        let count = client.requests.filter { $0.server == server.id }.count
        return count > 1 ? ChallengeGathering(count: count) : nil
    }
}
