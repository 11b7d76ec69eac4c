import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOSOCKS
import Testing

@testable import MockAuthServer

/// A SOCKS5 client that does not wait for the proxy's answers (issue 35 item 4): its greeting,
/// RFC 1929's step and its CONNECT, and the first bytes for the tunnel, cut into writes every way,
/// on the pipeline ``Listener`` assembles.
@Suite("SOCKS5 proxy: pipelined messages, every split")
struct SOCKSPipeliningTests {
    /// The first bytes a client sends into the tunnel before the CONNECT's reply.
    static let early = Array("early ClientHello".utf8)

    /// What the client sends, with an account (greeting, step, CONNECT) or without (greeting,
    /// CONNECT), each message apart.
    static func messages(account: Bool, password: String = "tunnel-7") -> [[UInt8]] {
        account
            ? [
                SOCKSConnection.greeting([0x00, 0x02]), SOCKSConnection.step("socks-user", password),
                SOCKSConnection.connect(name: "api.mockauth.test"),
            ]
            : [SOCKSConnection.greeting([0x00]), SOCKSConnection.connectIPv4]
    }

    /// `bytes` cut into writes at `cuts` (offsets, ascending, inside `bytes`).
    static func writes(_ bytes: [UInt8], cutAt cuts: [Int]) -> [[UInt8]] {
        var writes: [[UInt8]] = []
        var start = 0
        for cut in cuts + [bytes.count] where cut > start {
            writes.append(Array(bytes[start..<cut]))
            start = cut
        }
        return writes
    }

    /// Every way to cut `messages` into writes at their boundaries: all in one write, every 2-way
    /// split, …, each message alone.
    static func boundarySplits(_ messages: [[UInt8]]) -> [[[UInt8]]] {
        let boundaries = messages.dropLast().indices.map { index in messages[...index].map(\.count).reduce(0, +) }
        let bytes = messages.flatMap { $0 }
        return (0..<(1 << boundaries.count)).map { mask in
            writes(bytes, cutAt: boundaries.indices.filter { mask & (1 << $0) != 0 }.map { boundaries[$0] })
        }
    }

    /// Every way to cut `bytes` into writes at one or two offsets anywhere (inside messages
    /// included), and a byte at a time.
    static func everyCut(_ bytes: [UInt8]) -> [[[UInt8]]] {
        var splits: [[[UInt8]]] = [bytes.map { [$0] }]
        for first in 1..<bytes.count {
            splits.append(writes(bytes, cutAt: [first]))
            for second in (first + 1)..<max(first + 1, bytes.count) {
                splits.append(writes(bytes, cutAt: [first, second]))
            }
        }
        return splits
    }

    /// What the proxy did with a client's writes: everything it wrote back (the origin connected
    /// once every write is in), what reached the origin, and the record.
    struct Outcome {
        var answer: [UInt8]
        var tunnel: [UInt8]
        var dials: Int
        var active: Bool
        var socks: SOCKSRecord?
        var requests: [String]
        var protocolError: String?
    }

    static func serve(_ writes: [[UInt8]], account: Bool) throws -> Outcome {
        let proxy = try SOCKSConnection(account: account ? SOCKSConnection.account : nil)
        var answer: [UInt8] = []
        for write in writes where proxy.channel.isActive {
            answer += try proxy.send(write)
            // The handler is gone once the connection closes.
            let pipelining = try? proxy.channel.pipeline.syncOperations.handler(type: SOCKSPipeliningHandler.self)
            #expect((pipelining?.heldCount ?? 0) <= SOCKSPipelinedInput.mostHeld)
        }
        var tunnel: [UInt8] = []
        if !proxy.dialer.dials.isEmpty, proxy.channel.isActive {
            let origin = try proxy.dialer.connect()
            proxy.channel.embeddedEventLoop.run()
            answer += try proxy.channel.readOutboundBytes()
            tunnel = try origin.readOutboundBytes()
        }
        return Outcome(
            answer: answer, tunnel: tunnel, dials: proxy.dialer.dials.count, active: proxy.channel.isActive,
            socks: proxy.socks, requests: proxy.recorder.record.requests.map(\.summary),
            protocolError: proxy.recorder.record.protocolError)
    }

    /// The proxy's answers to a client served in full: the method, status 0 (with an account), and
    /// `succeeded` with an IPv4 bound address.
    static func answered(account: Bool) -> [UInt8] {
        account ? [5, 0x02, 1, 0, 5, 0, 0, 1] : [5, 0x00, 5, 0, 0, 1]
    }

    static func served(account: Bool) -> SOCKSRecord {
        account
            ? SOCKSRecord(
                methodsOffered: ["no-authentication", "username-password"], methodChosen: "username-password",
                username: "socks-user", authenticated: true, addressType: .domainName,
                target: "api.mockauth.test:8080", reply: "succeeded")
            : SOCKSRecord(
                methodsOffered: ["no-authentication"], methodChosen: "no-authentication", addressType: .ipv4,
                target: "127.0.0.1:8080", reply: "succeeded")
    }

    func expectServed(_ outcome: Outcome, account: Bool, tunnel: [UInt8], _ split: [[UInt8]]) {
        let expected = Self.answered(account: account)
        // The replies in the order of the messages: the method before the step's status, the
        // status before the CONNECT's reply. The reply's bound address follows its first 4 bytes.
        #expect(Array(outcome.answer.prefix(expected.count)) == expected, "\(outcome.answer) for \(split)")
        #expect(outcome.answer.count == expected.count + 6, "\(outcome.answer) for \(split)")
        #expect(outcome.dials == 1, "\(split)")
        #expect(outcome.tunnel == tunnel, "bytes after the CONNECT reach the origin, in order: \(split)")
        #expect(outcome.socks == Self.served(account: account), "\(split)")
        #expect(outcome.requests.count == 1, "\(split)")
        #expect(outcome.protocolError == nil, "\(split)")
        #expect(outcome.active, "\(split)")
    }

    @Test(
        "greeting, RFC 1929's step and CONNECT: all in one write, every split at their boundaries, each alone — served in order",
        arguments: [false, true])
    func boundaries(account: Bool) throws {
        let splits = Self.boundarySplits(Self.messages(account: account))
        #expect(splits.count == (account ? 4 : 2))
        for split in splits {
            expectServed(try Self.serve(split, account: account), account: account, tunnel: [], split)
        }
    }

    @Test(
        "the messages and early tunnel bytes cut at any one or two offsets, or a byte at a time — served in order",
        arguments: [false, true])
    func insideMessages(account: Bool) throws {
        let bytes = Self.messages(account: account).flatMap { $0 } + Self.early
        for split in Self.everyCut(bytes) {
            expectServed(try Self.serve(split, account: account), account: account, tunnel: Self.early, split)
        }
    }

    @Test("bytes sent while the origin is dialled, and after the tunnel is up, reach it in order")
    func bytesDuringTheDial() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        let all = Self.messages(account: true).flatMap { $0 }
        #expect(try proxy.send(all + Array("one ".utf8)) == [5, 0x02, 1, 0])
        #expect(try proxy.send(Array("two ".utf8)).isEmpty, "a separate write during the dial is held, not refused")
        #expect(proxy.channel.isActive)
        let origin = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(Array(try proxy.channel.readOutboundBytes().prefix(4)) == [5, 0, 0, 1])
        _ = try proxy.send(Array("three".utf8))
        #expect(try origin.readOutboundText() == "one two three")
        #expect(throws: (any Error).self) {
            try proxy.channel.pipeline.syncOperations.handler(type: SOCKSPipeliningHandler.self)
        }
    }

    @Test("a wrong password sent with its CONNECT, however split: status 1, a close, the CONNECT never acted on")
    func wrongPasswordPipelined() throws {
        let messages = Self.messages(account: true, password: "guess-1")
        let bytes = messages.flatMap { $0 } + Self.early
        for split in Self.boundarySplits(messages) + Self.everyCut(bytes) {
            let outcome = try Self.serve(split, account: true)
            #expect(outcome.answer == [5, 0x02, 1, 1], "\(split)")
            #expect(!outcome.active, "\(split)")
            #expect(outcome.dials == 0, "\(split)")
            #expect(outcome.requests.isEmpty, "\(split)")
            #expect(
                outcome.socks
                    == SOCKSRecord(
                        methodsOffered: ["no-authentication", "username-password"],
                        methodChosen: "username-password", username: "socks-user", authenticated: false),
                "\(split)")
            #expect(outcome.protocolError == nil, "\(split)")
        }
    }

    @Test("a CONNECT sent behind a greeting the proxy refuses (0xFF) is never acted on")
    func refusedGreetingPipelined() throws {
        let outcome = try Self.serve(
            [SOCKSConnection.greeting([0x00]) + SOCKSConnection.connectIPv4], account: true)
        #expect(outcome.answer == [5, 0xFF])
        #expect(!outcome.active)
        #expect(outcome.dials == 0)
        #expect(outcome.socks?.target == nil)
    }

    @Test("more than the proxy holds before answering is refused in words and closed, at once or during the dial")
    func tooMuchHeld() throws {
        let flood = [UInt8](repeating: 0x16, count: SOCKSPipelinedInput.mostHeld)
        let words = "more than \(SOCKSPipelinedInput.mostHeld) bytes before the proxy answered"

        let atOnce = try Self.serve([Self.messages(account: false).flatMap { $0 } + flood], account: false)
        #expect(atOnce.answer.isEmpty, "nothing was read: \(atOnce.answer)")
        #expect(!atOnce.active)
        #expect(atOnce.dials == 0)
        #expect(atOnce.protocolError == words)

        let proxy = try SOCKSConnection()
        #expect(try proxy.send(Self.messages(account: false).flatMap { $0 }) == [5, 0x00])
        #expect(try proxy.send(Array(flood.prefix(SOCKSPipelinedInput.earlyTunnelBytes))).isEmpty)
        #expect(proxy.channel.isActive, "early tunnel bytes up to the limit are held")
        _ = try proxy.send(flood)
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.protocolError == words)
        try proxy.dialer.fail()
        proxy.channel.embeddedEventLoop.run()
    }
}
