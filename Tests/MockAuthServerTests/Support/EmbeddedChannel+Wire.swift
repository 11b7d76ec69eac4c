import NIOCore
import NIOEmbedded

extension EmbeddedChannel {
    /// Connects the channel, as an accepted connection is: its handlers see `channelActive`.
    func activate() throws {
        connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 40_000), promise: nil)
        guard isActive else { throw WireError("the embedded channel did not become active") }
    }

    /// Delivers `text` as one read from the network.
    func writeInbound(text: String) throws {
        try writeInbound(ByteBuffer(string: text))
    }

    /// Every byte written to the network so far, in order.
    func readOutboundBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<10_000 {
            guard var buffer = try readOutbound(as: ByteBuffer.self) else { return bytes }
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        throw WireError("more than 10 000 outbound writes")
    }

    /// ``readOutboundBytes()`` as UTF-8 text.
    func readOutboundText() throws -> String {
        String(decoding: try readOutboundBytes(), as: UTF8.self)
    }
}

/// A test's expectation about the wire that does not hold.
struct WireError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
