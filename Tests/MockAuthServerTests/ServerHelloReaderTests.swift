import Testing

@testable import MockAuthServer

/// The server's first flight, built byte by byte as RFC 8446 and RFC 5246 lay it out.
@Suite("ServerHelloReader: a resumed handshake seen in the server's own flight")
struct ServerHelloReaderTests {
    static func record(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
        [type, 0x03, 0x03, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    static func handshake(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
        [type, UInt8(body.count >> 16), UInt8((body.count >> 8) & 0xFF), UInt8(body.count & 0xFF)] + body
    }

    static func extensionBlock(_ type: UInt16, _ data: [UInt8]) -> [UInt8] {
        [UInt8(type >> 8), UInt8(type & 0xFF), UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
    }

    static func serverHello(random: [UInt8] = [UInt8](repeating: 7, count: 32), extensions: [[UInt8]]) -> [UInt8] {
        let block = extensions.flatMap { $0 }
        let body: [UInt8] =
            [0x03, 0x03] + random + [32] + [UInt8](repeating: 1, count: 32) + [0x13, 0x01, 0x00]
            + [UInt8(block.count >> 8), UInt8(block.count & 0xFF)] + block
        return handshake(2, body)
    }

    static let tls13 = extensionBlock(43, [0x03, 0x04])
    static let psk = extensionBlock(41, [0x00, 0x00])

    func read(_ bytes: [UInt8], in pieces: Int = 1) -> Bool? {
        var reader = ServerHelloReader()
        let size = max(1, bytes.count / pieces)
        var answer: Bool?
        var index = 0
        while index < bytes.count, answer == nil {
            answer = reader.read(bytes[index..<min(bytes.count, index + size)])
            index += size
        }
        return answer
    }

    @Test("TLS 1.3: pre_shared_key in the ServerHello is a resumption, its absence a full handshake")
    func tls13() {
        let resumed = Self.record(22, Self.serverHello(extensions: [Self.tls13, Self.psk]))
        let full = Self.record(22, Self.serverHello(extensions: [Self.tls13]))
        #expect(read(resumed) == true)
        #expect(read(full) == false)
        #expect(read(resumed, in: 13) == true, "bytes arriving in pieces")
    }

    @Test("TLS 1.2: ChangeCipherSpec before any Certificate is a resumption; a Certificate first, a full one")
    func tls12() {
        let hello = Self.serverHello(extensions: [])
        let resumed =
            Self.record(22, hello + Self.handshake(4, [0, 0, 0, 0, 0, 0])) + Self.record(20, [1])
        let full = Self.record(22, hello + Self.handshake(11, [0, 0, 0])) + Self.record(22, Self.handshake(14, []))
        #expect(read(resumed) == true)
        #expect(read(full) == false)
        #expect(read(full, in: 7) == false)
    }

    @Test("a long flight in small pieces is read to its end: the byte limit counts bytes, once each")
    func longFlightInPieces() {
        let certificate = Self.handshake(11, [UInt8](repeating: 0x30, count: 20_000))
        let flight =
            Self.record(22, Self.serverHello(extensions: [])) + Self.record(22, Array(certificate.prefix(16_000)))
            + Self.record(22, Array(certificate.dropFirst(16_000)))
        #expect(read(flight, in: flight.count / 100) == false)
    }

    @Test("a HelloRetryRequest is skipped; the real ServerHello decides")
    func helloRetry() {
        let random: [UInt8] = [
            0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
            0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
        ]
        let retry = Self.record(22, Self.serverHello(random: random, extensions: [Self.tls13]))
        let real = Self.record(22, Self.serverHello(extensions: [Self.tls13, Self.psk]))
        #expect(read(retry + real) == true)
    }

    @Test("garbage, truncation and endless bytes give no answer and no crash")
    func hostileBytes() {
        #expect(read([0x16, 0x03, 0x03, 0x00, 0x04, 0x02, 0x00, 0x00, 0x00]) == nil)
        #expect(read(Self.record(22, Self.handshake(2, [0x03]))) == nil)
        var reader = ServerHelloReader()
        for _ in 0..<40 { _ = reader.read([UInt8](repeating: 0x17, count: 1024)) }
        #expect(reader.isDone, "it gives up after its byte limit")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var random = ServerHelloReader()
            _ = random.read((0..<Int.random(in: 0..<600, using: &generator)).map { _ in UInt8.random(in: 0...255) })
        }
    }
}
