import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTP exchange over AsyncHTTPClient, with its redirect following switched off: a request goes
/// out exactly as given, and the response comes back as is, 3xx and 401 included.
struct Transport: Sendable {
    let client: HTTPClient
    let timeout: TimeAmount
    let maximumBodySize: Int

    init(configuration: SecureFetchConfiguration) throws {
        var tls = try configuration.trust.tlsConfiguration(identity: configuration.identity)
        tls.applicationProtocols = ["http/1.1"]
        var http = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        http.httpVersion = .http1Only
        // A refused certificate is a decision, not a transient failure: AsyncHTTPClient would
        // otherwise retry the handshake until the deadline.
        http.connectionPool.retryConnectionEstablishment = false
        if let pins = try PinSet(configuration.trust) {
            let gate = PinningGate(pins: pins).initializer()
            http.http1_1ConnectionDebugInitializer = gate
            http.http2ConnectionDebugInitializer = gate
        }
        if let proxy = configuration.proxy {
            let authorization = proxy.credential.map {
                HTTPClient.Authorization.basic(username: $0.user, password: $0.password)
            }
            http.proxy = .server(host: proxy.host, port: proxy.port, authorization: authorization)
        }
        let (seconds, attoseconds) = configuration.timeout.components
        timeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        maximumBodySize = configuration.maximumBodySize
        // NIOPosix and NIOSSL on every platform, so that the identity, the pins (PinningGate reads
        // NIOSSL's peer certificate) and the trust decision are the same on macOS as on Linux; on
        // Apple platforms `.singleton` would be Network.framework (NIOTS), which aborts on a client
        // identity and decides trust with SecTrust.
        client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: http)
    }

    /// Sends one request and reads the whole response.
    func send(method: String, target: RequestTarget, headers: [HTTPHeader], body: [UInt8]) async throws
        -> SecureFetchResponse
    {
        var request = HTTPClientRequest(url: target.url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for header in headers {
            request.headers.add(name: header.name, value: header.value)
        }
        if !body.isEmpty {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(request, timeout: timeout)
            let bytes = try await response.body.collect(upTo: maximumBodySize)
            return SecureFetchResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
                body: Array(buffer: bytes),
                url: target.url.absoluteString,
                redirectedFrom: [])
        } catch let error as SecureFetchError {
            throw error
        } catch is NIOTooManyBytesError {
            throw SecureFetchError(.responseTooLarge, "the response body exceeds \(maximumBodySize) bytes")
        } catch {
            throw SecureFetchError(
                .connectionFailed, "\(method) \(target.url.absoluteString) failed: \(error)", underlying: error)
        }
    }

    func shutdown() async throws {
        try await client.shutdown()
    }
}
