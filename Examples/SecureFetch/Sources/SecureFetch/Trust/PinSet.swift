import Foundation
import NIOSSL

/// The pins a ``TrustPolicy`` requires of a leaf certificate, parsed once.
struct PinSet: Sendable {
    enum Kind: Sendable {
        /// Pins of the leaf's SubjectPublicKeyInfo.
        case publicKey
        /// Pins of the leaf's DER encoding.
        case certificate
    }

    let kind: Kind
    let pins: Set<Pin>

    /// The pins of `policy`, or `nil` when it pins nothing.
    init?(_ policy: TrustPolicy) throws {
        switch policy.pins {
        case .none:
            return nil
        case .publicKeys(let texts):
            kind = .publicKey
            pins = Set(try Self.entries(texts).map(Pin.init(parsing:)))
        case .certificates(let texts):
            kind = .certificate
            pins = Set(try Self.entries(texts).map(Pin.init(parsing:)))
        }
        guard !pins.isEmpty else {
            throw SecureFetchError(.invalidConfiguration, "a pinning policy needs at least one pin")
        }
    }

    /// Each text may be one pin or several in curl's `--pinnedpubkey` form (`sha256//A;sha256//B`),
    /// as `MOCKAUTH_PIN_SHA256` gives a primary pin and its backup.
    private static func entries(_ texts: [String]) -> [String] {
        texts.flatMap { $0.split(separator: ";") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Checks the verified leaf of a connection; throws ``SecureFetchError/Code/pinMismatch`` when it
    /// matches no pin.
    func check(_ leaf: NIOSSLCertificate) throws {
        let presented: Pin
        do {
            presented = try kind == .publicKey ? Pin.publicKey(of: leaf) : Pin.certificate(leaf)
        } catch {
            throw SecureFetchError(.pinMismatch, "the server's certificate could not be read to check the pin")
        }
        guard pins.contains(presented) else {
            let what = kind == .publicKey ? "public key" : "certificate"
            throw SecureFetchError(
                .pinMismatch, "the server's \(what) \(presented.text) matches none of the \(pins.count) pinned")
        }
    }
}
