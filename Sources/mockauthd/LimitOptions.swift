import ArgumentParser
import MockAuthClients

/// The servers' time limits on slow clients, for `check`, `conform` and `serve`.
struct LimitOptions: ParsableArguments {
    @Option(name: .long, help: "Seconds a server waits for a TLS handshake to complete.")
    var handshakeTimeout: Int = 10

    @Option(
        name: .long,
        help:
            "Seconds a server waits for a complete request head, on a new connection and after each response."
    )
    var requestHeadTimeout: Int = 30

    @Option(
        name: .long,
        help:
            "Seconds a server waits for a request's whole body once its head is complete (every listener that reads bodies)."
    )
    var requestBodyTimeout: Int = Int(ConnectionLimits.default.requestBody.nanoseconds / 1_000_000_000)

    @Option(name: .long, help: "Seconds any one connection may stay open.")
    var connectionTimeout: Int = 600

    func validate() throws {
        guard handshakeTimeout > 0, requestHeadTimeout > 0, requestBodyTimeout > 0, connectionTimeout > 0 else {
            throw ValidationError(
                "--handshake-timeout, --request-head-timeout, --request-body-timeout and --connection-timeout must be positive"
            )
        }
    }

    var limits: ConnectionLimits {
        .seconds(
            tlsHandshake: handshakeTimeout, requestHead: requestHeadTimeout, requestBody: requestBodyTimeout,
            connection: connectionTimeout)
    }
}
