import MockAuthTestSupport
import Testing

@testable import MockAuthServer

@Suite("RFC 1929's username/password request, parsed strictly")
struct SOCKSUsernamePasswordTests {
    @Test("a whole request, and every prefix of it incomplete")
    func complete() {
        let bytes = SOCKSConnection.step("socks-user", "tunnel-7")
        #expect(
            SOCKSUsernamePassword.parse(bytes)
                == .complete(
                    SOCKSUsernamePassword(username: Array("socks-user".utf8), password: Array("tunnel-7".utf8))))
        for length in 0..<bytes.count {
            #expect(SOCKSUsernamePassword.parse(Array(bytes.prefix(length))) == .incomplete, "prefix \(length)")
        }
    }

    @Test("the longest request (255 and 255 bytes) is 513 bytes; nothing longer is whole")
    func longest() {
        let longest = SOCKSConnection.step(String(repeating: "u", count: 255), String(repeating: "p", count: 255))
        #expect(longest.count == SOCKSUsernamePassword.maximumLength)
        guard case .complete = SOCKSUsernamePassword.parse(longest) else {
            Issue.record("the longest request is not complete")
            return
        }
        guard case .malformed = SOCKSUsernamePassword.parse(longest + [0]) else {
            Issue.record("a byte after the longest request is not malformed")
            return
        }
    }

    @Test(
        "another version, an empty username or password, bytes after the password: malformed",
        arguments: [
            [5, 1, 0x61, 1, 0x62], [1, 0, 1, 0x62], [1, 1, 0x61, 0], [1, 1, 0x61, 1, 0x62, 5, 1, 0],
        ] as [[UInt8]])
    func malformed(_ bytes: [UInt8]) {
        guard case .malformed = SOCKSUsernamePassword.parse(bytes) else {
            Issue.record("\(bytes) is not malformed")
            return
        }
    }

    @Test("an empty password and bytes after the password keep the username they carry; an empty username has none")
    func malformedWithUsername() {
        #expect(
            SOCKSUsernamePassword.parse([1, 4] + Array("root".utf8) + [0])
                == .malformed("an empty password, where RFC 1929 wants 1 to 255 bytes", username: Array("root".utf8)))
        #expect(
            SOCKSUsernamePassword.parse([1, 1, 0x61, 1, 0x62, 5])
                == .malformed("1 byte after the password", username: [0x61]))
        #expect(SOCKSUsernamePassword.parse([1, 0, 1, 0x62]) == .malformed("an empty username"))
    }

    @Test("random bytes never crash the parser and never read a length past what they hold (20,000 seeded rounds)")
    func randomBytes() {
        var random = SplitMix(seed: 0x5246_4331_3932_39)
        for _ in 0..<20_000 {
            var bytes = (0..<Int.random(in: 0...600, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random), !bytes.isEmpty { bytes[0] = 1 }
            switch SOCKSUsernamePassword.parse(bytes) {
            case .complete(let request):
                #expect(bytes.count == 3 + request.username.count + request.password.count)
                #expect(bytes.count <= SOCKSUsernamePassword.maximumLength)
            case .incomplete:
                #expect(bytes.count < SOCKSUsernamePassword.maximumLength)
            case .malformed:
                break
            }
        }
    }

    @Test("the answer: version 1, then 0 or 1")
    func answer() {
        #expect(SOCKSUsernamePassword.answer(accepted: true) == [1, 0])
        #expect(SOCKSUsernamePassword.answer(accepted: false) == [1, 1])
    }
}
