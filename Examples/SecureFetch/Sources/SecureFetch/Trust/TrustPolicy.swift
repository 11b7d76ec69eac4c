/// Which server certificates a ``SecureFetchClient`` accepts.
///
/// Every policy but ``insecureTrustEverything`` verifies the chain (dates, names, signatures up to a
/// trust anchor) before anything else. Pins are checked on top, after the chain verified, on every new
/// connection and before any request is written to it.
///
/// ```swift
/// // Trust only the company CA:
/// let policy = TrustPolicy.caOnly(roots: [companyRootPEM])
/// // Additionally require the server's public key (survives certificate renewal):
/// let pinned = TrustPolicy.publicKeyPins(["sha256//r8udi/Mxd6pLO7y7hkOUtP1p/mDW6RBL/KbXgEqR4Kk="], roots: [companyRootPEM])
/// ```
public struct TrustPolicy: Sendable {
    enum Anchors: Sendable, Equatable {
        /// The platform's trust store.
        case system
        /// These PEM certificates only (each string may hold several).
        case only([String])
        /// Nothing is verified.
        case none
    }

    enum Pins: Sendable, Equatable {
        case none
        case publicKeys([String])
        case certificates([String])
    }

    let anchors: Anchors
    let pins: Pins

    /// The platform's trust store, with no pins: what a browser does.
    public static let system = TrustPolicy(anchors: .system, pins: .none)

    /// Only the given trust anchors (PEM); the platform's store is not consulted.
    public static func caOnly(roots: [String]) -> TrustPolicy {
        TrustPolicy(anchors: .only(roots), pins: .none)
    }

    /// The chain must verify against `roots` (or the platform's store when `nil`), and the leaf's
    /// public key must match one of `pins`: `sha256//BASE64` of its SubjectPublicKeyInfo, as in
    /// RFC 7469 and curl's `--pinnedpubkey`. Survives certificate renewal over the same key.
    public static func publicKeyPins(_ pins: [String], roots: [String]? = nil) -> TrustPolicy {
        TrustPolicy(anchors: roots.map(Anchors.only) ?? .system, pins: .publicKeys(pins))
    }

    /// The chain must verify against `roots` (or the platform's store when `nil`), and the leaf
    /// certificate itself must match one of `pins`: `sha256//BASE64` of its DER encoding. Every
    /// renewal breaks such a pin; prefer ``publicKeyPins(_:roots:)``.
    public static func certificatePins(_ pins: [String], roots: [String]? = nil) -> TrustPolicy {
        TrustPolicy(anchors: roots.map(Anchors.only) ?? .system, pins: .certificates(pins))
    }

    /// Accepts any certificate at all: expired, for another host, self-signed.
    ///
    /// - Warning: This is a defect on purpose, the `curl -k` of this library. It exists so that a
    ///   test can show that MockAuth catches it; never ship it.
    public static let insecureTrustEverything = TrustPolicy(anchors: .none, pins: .none)
}
