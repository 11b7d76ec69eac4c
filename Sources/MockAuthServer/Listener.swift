import MockAuthPKI
import MockAuthScenario
import NIOCore
import NIOPosix

/// Binds one scenario server: 127.0.0.1 on an ephemeral port, plus ::1 on the same port for
/// `localhost` where the machine has IPv6 loopback.
struct Listener {
    let endpoint: ServerEndpoint
    let channels: [any Channel]

    static func bind(
        spec: ServerSpec, tls: ServerTLS?, behavior: ServerBehavior, recorder: TranscriptRecorder,
        group: any EventLoopGroup, proxyTargets: Set<ProxyTarget> = []
    ) async throws -> Listener {
        let proxyPolicy = spec.isProxy ? ProxyPolicy(allowedTargets: proxyTargets, gate: behavior.gates.first) : nil
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = recorder.connectionAccepted(
                        server: spec.id, remoteAddress: channel.remoteAddress?.loopbackDescription, usesTLS: tls != nil)
                    if let proxyPolicy {
                        try channel.pipeline.syncOperations.addForwardProxyHandlers(
                            policy: proxyPolicy, recorder: connection, group: group, gates: behavior.gates)
                    } else {
                        try channel.pipeline.syncOperations.addScenarioServerHandlers(
                            tls: tls, behavior: behavior, recorder: connection)
                    }
                }
            }
        let scheme = spec.urlScheme
        guard spec.host == .localhost else {
            let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
            return Listener(
                endpoint: ServerEndpoint(
                    server: spec.id, host: spec.host, port: channel.localAddress?.port ?? 0, scheme: scheme,
                    listensOnIPv6: false),
                channels: [channel])
        }
        // localhost: the same port on both loopback addresses; retry if ::1 has it taken.
        var lastError: (any Error)?
        for _ in 0..<8 {
            let ipv4 = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
            let port = ipv4.localAddress?.port ?? 0
            do {
                let ipv6 = try await bootstrap.bind(host: "::1", port: port).get()
                return Listener(
                    endpoint: ServerEndpoint(
                        server: spec.id, host: spec.host, port: port, scheme: scheme, listensOnIPv6: true),
                    channels: [ipv4, ipv6])
            } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EAFNOSUPPORT {
                // No IPv6 loopback here: IPv4 alone serves localhost.
                return Listener(
                    endpoint: ServerEndpoint(
                        server: spec.id, host: spec.host, port: port, scheme: scheme, listensOnIPv6: false),
                    channels: [ipv4])
            } catch {
                lastError = error
                try? await ipv4.close()
            }
        }
        throw ServerError(
            "cannot bind \(spec.id) on both 127.0.0.1 and ::1: \(lastError.map { "\($0)" } ?? "unknown error")")
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
