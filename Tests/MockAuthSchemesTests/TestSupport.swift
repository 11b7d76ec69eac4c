import Foundation
import MockAuthTestSupport

@testable import MockAuthSchemes

/// Fixed instant used by the tests.
let testNow = Date(timeIntervalSince1970: 1_700_000_000)

func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

/// Inputs for the fuzz-style tests, from the shared deterministic generator.
extension SplitMix {
    mutating func bytes(maxCount: Int) -> [UInt8] {
        (0..<Int.random(in: 0...maxCount, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// Strings biased toward the characters that matter to auth headers.
    mutating func headerLikeString(maxCount: Int) -> String {
        let alphabet = Array(
            "Basic Digest NTLM Negotiate realm=\"a\\\"b\", nonce=x,,  =\t\u{7F}\u{1}é£/+=~-._".unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maxCount, using: &self) {
            if Bool.random(using: &self), let scalar = alphabet.randomElement(using: &self) {
                scalars.append(scalar)
            } else if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x2FF, using: &self)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Takes `base` and flips, truncates or extends it randomly.
    mutating func mutate(_ base: [UInt8]) -> [UInt8] {
        var bytes = base
        switch Int.random(in: 0..<4, using: &self) {
        case 0 where !bytes.isEmpty:
            for _ in 0..<Int.random(in: 1...4, using: &self) {
                let index = Int.random(in: 0..<bytes.count, using: &self)
                bytes[index] = UInt8.random(in: 0...255, using: &self)
            }
        case 1:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &self)))
        case 2:
            bytes += self.bytes(maxCount: 16)
        default:
            if bytes.count > 4 {
                let index = Int.random(in: 0..<(bytes.count - 3), using: &self)
                bytes.replaceSubrange(index..<(index + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
            }
        }
        return bytes
    }
}

/// A scheme offered alone, decided through ``ProtectionSpaceAuthenticator``: the entry point the
/// servers use, so the tests judge each machine the way production drives it.
struct OfferedAlone {
    private var space: ProtectionSpaceAuthenticator

    init(_ configuration: SchemeConfiguration, random: AuthRandomSource = .system) {
        space = ProtectionSpaceAuthenticator(schemes: [configuration], random: random)
    }

    /// The decision on `request`.
    mutating func receive(_ request: AuthRequest, now: Date) -> AuthDecision {
        space.authenticate(request, now: now).decision
    }

    /// Forgets a connection's handshake state.
    mutating func connectionClosed(_ connectionID: UInt64) {
        space.connectionClosed(connectionID)
    }

    /// Records a nonce as issued by the Digest machine inside the authenticator (RFC 7616 examples).
    mutating func seedNonce(_ nonce: String, opaque: String?, issuedAt: Date) {
        space.seedDigestNonce(nonce, opaque: opaque, issuedAt: issuedAt)
    }

    /// The nonce store of the Digest machine inside the authenticator (nil when Digest is not offered).
    var nonceStore: DigestNonceStore? { space.digestNonceStore }
}
