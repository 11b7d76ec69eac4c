import MockAuthPKI
import NIOCore
import NIOEmbedded
import NIOSSL

/// A TLS client on an `EmbeddedChannel`, talking to a server channel by handing bytes across:
/// a real handshake (BoringSSL on both ends) without a socket.
struct InMemoryTLSClient {
    let channel = EmbeddedChannel()

    /// A client that trusts `roots`, verifies `hostName`, and presents `identity` if given.
    init(trusting roots: [IssuedCertificate], hostName: String, identity: IssuedCertificate? = nil) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(
            try roots.map { try NIOSSLCertificate(bytes: $0.derBytes, format: .der) })
        if let identity {
            configuration.certificateChain = [
                .certificate(try NIOSSLCertificate(bytes: identity.derBytes, format: .der))
            ]
            configuration.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: identity.key.pkcs8DER, format: .der))
        }
        let handler = try NIOSSLClientHandler(
            context: try NIOSSLContext(configuration: configuration), serverHostname: hostName)
        try channel.pipeline.syncOperations.addHandler(handler)
    }

    /// Connects (the client sends its hello) and moves bytes both ways until neither end has
    /// anything to send; returns the errors each end raised on the way.
    @discardableResult
    func connect(to server: EmbeddedChannel) throws -> (client: [String], server: [String]) {
        try channel.activate()
        return try interact(with: server)
    }

    /// Moves bytes both ways until neither end has anything to send (at most 32 rounds).
    @discardableResult
    func interact(with server: EmbeddedChannel) throws -> (client: [String], server: [String]) {
        var errors: (client: [String], server: [String]) = ([], [])
        for _ in 0..<32 {
            let fromClient = try channel.readOutboundBytes()
            if !fromClient.isEmpty {
                do { try server.writeInbound(ByteBuffer(bytes: fromClient)) } catch {
                    errors.server.append(String(describing: error))
                }
            }
            let fromServer = try server.readOutboundBytes()
            if !fromServer.isEmpty {
                do { try channel.writeInbound(ByteBuffer(bytes: fromServer)) } catch {
                    errors.client.append(String(describing: error))
                }
            }
            if fromClient.isEmpty && fromServer.isEmpty { return errors }
        }
        throw WireError("the TLS ends kept talking for 32 rounds")
    }

    /// The plaintext the client has received so far.
    func readText() throws -> String {
        var bytes: [UInt8] = []
        for _ in 0..<10_000 {
            guard var buffer = try channel.readInbound(as: ByteBuffer.self) else { break }
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
