import MockAuthPKI
import MockAuthScenario
import NIOCore
import NIOPosix

/// Binds one scenario server: by default 127.0.0.1 on an ephemeral port, plus ::1 on the same port
/// for a server reached as `localhost` where the machine has IPv6 loopback; with
/// ``ServerAddressing``, the address and port it names. `scheme` is its URLs' scheme when it is
/// not the server's own (``MockAuthScenario/Scenario/urlScheme(of:)``: `socks5h` for a remote-DNS
/// proxy).
struct Listener {
    let endpoint: ServerEndpoint
    let channels: [any Channel]

    static func bind(
        spec: ServerSpec, tls: ServerTLS?, behavior: ServerBehavior, recorder: TranscriptRecorder,
        group: any EventLoopGroup, addressing: ServerAddressing = .loopback, port: Int = 0,
        proxyTargets: Set<ProxyTarget> = [], proxyAliases: [ProxyTarget: ProxyTarget] = [:], scheme: String? = nil
    ) async throws -> Listener {
        let recording = ConnectionRecording(transcript: recorder, log: recorder.log(for: spec.id), usesTLS: tls != nil)
        // What each connection gets, by the server's role, made once: each connection takes its
        // prologue by reference.
        let role: any ListenerRole =
            switch spec.role {
            case .origin, .revocation, .tokenEndpoint:
                OriginListener(
                    prologue: .scenarioServer(tls: tls, behavior: behavior, http2: spec.http2), behavior: behavior,
                    recording: recording)
            case .forwardProxy:
                ForwardProxyListener(
                    prologue: .forwardProxy(limits: behavior.limits, gates: behavior.gates, tls: tls),
                    policy: ProxyPolicy(
                        allowedTargets: proxyTargets, aliases: proxyAliases, gate: behavior.gates.first),
                    recording: recording, group: group)
            case .socks5(let account):
                SOCKSListener(
                    prologue: .socksProxy(limits: behavior.limits),
                    policy: SOCKSPolicy(allowedTargets: proxyTargets, aliases: proxyAliases, account: account),
                    recording: recording, group: group)
            }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: ConnectionPrologue.listenBacklog)
            // A fixed port (`--port-base`) is bound again when a run ends and another begins: its old
            // connections may still be in TIME_WAIT. Only then: with it on ephemeral binds, Linux
            // weighs every other reusable listener for each new port, and 10,000 servers take four
            // times as long to start.
            .serverChannelOption(.socketOption(.so_reuseaddr), value: port == 0 ? 0 : 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try role.accept(channel) }
            }
        func endpoint(port: Int, listensOnIPv6: Bool) -> ServerEndpoint {
            ServerEndpoint(
                server: spec.id, host: spec.host, urlHost: addressing.urlHost(for: spec.host), port: port,
                scheme: scheme ?? spec.urlScheme, listensOnIPv6: listensOnIPv6,
                address: addressing.concreteBindAddress ?? "127.0.0.1", aliases: spec.aliases,
                canonicalName: spec.canonicalName,
                realm: spec.auth?.realm, certificateChainDER: tls?.credentials.chain.map(\.derBytes) ?? [])
        }
        if let address = addressing.bindAddress {
            let channel = try await bindOne(bootstrap, ServerAddressing.unbracketed(address), port, spec)
            return Listener(
                endpoint: endpoint(port: channel.localAddress?.port ?? port, listensOnIPv6: false), channels: [channel])
        }
        guard addressing.listensOnBothLoopbackAddresses(spec.host) else {
            let channel = try await bindOne(bootstrap, "127.0.0.1", port, spec)
            return Listener(
                endpoint: endpoint(port: channel.localAddress?.port ?? port, listensOnIPv6: false), channels: [channel])
        }
        // A server reached as localhost: the same port on both loopback addresses; with an ephemeral
        // port, retry if ::1 has it taken.
        var lastError: (any Error)?
        for _ in 0..<(port == 0 ? 8 : 1) {
            let ipv4 = try await bindOne(bootstrap, "127.0.0.1", port, spec)
            let bound = ipv4.localAddress?.port ?? port
            do {
                let ipv6 = try await bootstrap.bind(host: "::1", port: bound).get()
                return Listener(endpoint: endpoint(port: bound, listensOnIPv6: true), channels: [ipv4, ipv6])
            } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EAFNOSUPPORT {
                // No IPv6 loopback here: IPv4 alone serves localhost.
                return Listener(endpoint: endpoint(port: bound, listensOnIPv6: false), channels: [ipv4])
            } catch {
                lastError = error
                try? await ipv4.close()
            }
        }
        throw ServerError(
            "cannot bind \(spec.id) on both 127.0.0.1 and ::1\(port == 0 ? "" : " port \(port)"): \(lastError.map { "\($0)" } ?? "unknown error")"
        )
    }

    /// Binds; a fixed port that is in use is tried again a few times over 100 ms, since a listener
    /// of this process that just closed (a run that just ended) may not have let go of it yet.
    private static func bindRetryingFreshlyClosed(_ bootstrap: ServerBootstrap, _ host: String, _ port: Int)
        async throws -> any Channel
    {
        for _ in 0..<5 where port != 0 {
            do {
                return try await bootstrap.bind(host: host, port: port).get()
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        return try await bootstrap.bind(host: host, port: port).get()
    }

    /// Binds `host`:`port`, turning the errors a user can cause (a fixed port another program
    /// holds, an address this machine does not have) into a ``ServerError`` that says so.
    private static func bindOne(_ bootstrap: ServerBootstrap, _ host: String, _ port: Int, _ spec: ServerSpec)
        async throws -> any Channel
    {
        do {
            return try await bindRetryingFreshlyClosed(bootstrap, host, port)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerError("cannot bind \(spec.id) on \(host) port \(port): the port is already in use")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw ServerError("cannot bind \(spec.id) on \(host): not an address of this machine")
        } catch let error as IOError where error.errnoCode == EACCES {
            throw ServerError(
                "cannot bind \(spec.id) on \(host) port \(port): permission denied (ports below 1024 need privileges)")
        } catch let error as IOError {
            throw ServerError("cannot bind \(spec.id) on \(host) port \(port): \(error)")
        } catch {
            throw ServerError("cannot bind \(spec.id) on \(host) port \(port): \(error)")
        }
    }
}

extension SocketAddress {
    /// `127.0.0.1:51234` or `[::1]:51234`.
    var loopbackDescription: String {
        switch self {
        case .v6: "[\(ipAddress ?? "?")]:\(port ?? 0)"
        case .v4, .unixDomainSocket: "\(ipAddress ?? "?"):\(port ?? 0)"
        }
    }
}
