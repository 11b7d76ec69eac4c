import NIOCore
import Testing

@testable import MockAuthServer

/// ``SOCKSPipelinedInput`` as a value: what it hands on, holds and refuses, without a channel.
@Suite("SOCKS5 proxy: the client's bytes held until each message is answered")
struct SOCKSPipelinedInputTests {
    static func bytes(_ action: SOCKSPipelinedInput.Action) -> [UInt8]? {
        guard case .pass(let buffer) = action else { return nil }
        return Array(buffer.readableBytesView)
    }

    @Test(
        "each message's length is read from its first bytes; until then, or for an unknown address type, it is not known"
    )
    func lengths() {
        #expect(SOCKSMessage.greeting.length(in: [5]) == nil)
        #expect(SOCKSMessage.greeting.length(in: [5, 0]) == 2)
        #expect(SOCKSMessage.greeting.length(in: [5, 255]) == SOCKSMessage.longestGreeting)
        #expect(SOCKSMessage.usernamePasswordStep.length(in: [1, 3, 0x61, 0x62]) == nil)
        #expect(SOCKSMessage.usernamePasswordStep.length(in: [1, 3, 0x61, 0x62, 0x63, 2]) == 8)
        #expect(
            SOCKSMessage.usernamePasswordStep.length(in: [1, 255] + [UInt8](repeating: 0x61, count: 255) + [255]) == 513
        )
        #expect(SOCKSMessage.request.length(in: [5, 1, 0]) == nil)
        #expect(SOCKSMessage.request.length(in: [5, 1, 0, 1]) == 10)
        #expect(SOCKSMessage.request.length(in: [5, 1, 0, 4]) == 22)
        #expect(SOCKSMessage.request.length(in: [5, 1, 0, 3]) == nil)
        #expect(SOCKSMessage.request.length(in: [5, 1, 0, 3, 255]) == SOCKSMessage.longestRequest)
        #expect(SOCKSMessage.request.length(in: [5, 1, 0, 7, 1, 2]) == nil)
        #expect(SOCKSMessage.greeting.length(in: ArraySlice([9, 9, 5, 1]).dropFirst(2)) == 3, "a slice's own start")
    }

    @Test("a message is handed on as it arrives, up to its end; what follows waits for the answer, then the tunnel")
    func order() {
        var input = SOCKSPipelinedInput()
        let all: [UInt8] = [5, 1, 2] + [1, 1, 0x61, 1, 0x62] + [5, 1, 0, 1, 127, 0, 0, 1, 0x1F, 0x90] + [0x16, 3]
        let first = input.received(ByteBuffer(bytes: all.prefix(1)))
        #expect(Self.bytes(first) == [5])
        let rest = input.received(ByteBuffer(bytes: all[1..<6]))
        #expect(Self.bytes(rest) == [1, 2], "the greeting's end only")
        #expect(input.stage == .awaitingAnswer(.greeting, length: 3))
        let held = input.received(ByteBuffer(bytes: all[6...]))
        #expect(held == .hold, "the step waits for the method")
        #expect(input.heldCount == all.count)
        let step = input.answered(next: .usernamePasswordStep)
        #expect(Self.bytes(step) == [1, 1, 0x61, 1, 0x62])
        let request = input.answered(next: .request)
        #expect(Self.bytes(request) == [5, 1, 0, 1, 127, 0, 0, 1, 0x1F, 0x90])
        let again = input.answered(next: .request)
        #expect(again == .hold, "answered twice: nothing more before the tunnel")
        let beforeTunnel = input.bytesForTunnel()
        #expect(beforeTunnel == nil, "no tunnel yet")
        input.tunnelEstablished()
        let early = input.bytesForTunnel()
        #expect(early.map { Array($0.readableBytesView) } == [0x16, 3])
        let none = input.bytesForTunnel()
        #expect(none == nil)
        let later = input.received(ByteBuffer(bytes: [7]))
        #expect(Self.bytes(later) == [7])
    }

    @Test("bytes after a message that is never answered (a refused step) never reach the tunnel")
    func refusedStep() {
        var input = SOCKSPipelinedInput()
        _ = input.received(ByteBuffer(bytes: [5, 1, 2, 1, 1, 0x61, 1, 0x7A, 5, 1, 0, 1]))
        _ = input.answered(next: .usernamePasswordStep)
        let tunnel = input.bytesForTunnel()
        #expect(tunnel == nil)
        #expect(input.stage == .awaitingAnswer(.usernamePasswordStep, length: 5))
    }

    @Test("a request of an unknown address type is handed on whole: the parser refuses it")
    func unknownAddressType() {
        var input = SOCKSPipelinedInput()
        _ = input.received(ByteBuffer(bytes: [5, 1, 0]))
        let nothing = input.answered(next: .request)
        #expect(nothing == .hold)
        let request = input.received(ByteBuffer(bytes: [5, 1, 0, 7, 1, 2, 3]))
        #expect(Self.bytes(request) == [5, 1, 0, 7, 1, 2, 3])
    }

    @Test("more than the most it holds is refused, in words, and nothing more is held")
    func bounded() {
        var input = SOCKSPipelinedInput()
        _ = input.received(ByteBuffer(bytes: [5, 1, 0]))
        let full = input.received(ByteBuffer(repeating: 0, count: SOCKSPipelinedInput.mostHeld - 3))
        #expect(full == .hold)
        #expect(input.heldCount == SOCKSPipelinedInput.mostHeld)
        let over = input.received(ByteBuffer(bytes: [0]))
        #expect(over == .refuse("more than \(SOCKSPipelinedInput.mostHeld) bytes before the proxy answered"))
        #expect(input.heldCount == 0)
        #expect(SOCKSPipelinedInput.mostHeld == 257 + 513 + 262 + 65_536)
    }
}
