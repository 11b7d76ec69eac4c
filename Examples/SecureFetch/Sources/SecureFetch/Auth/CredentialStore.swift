import Synchronization

/// Credentials keyed by protection space, as `URLCredentialStorage` keeps them.
///
/// A ``SecureFetchClient`` looks a challenge's protection space up here, and nowhere else: with no
/// entry for that exact space it leaves the 401 unanswered. When the server refuses a credential,
/// the client marks it refused and does not offer it again until it is set anew.
///
/// ```swift
/// let store = CredentialStore()
/// store.set(Credential(user: "alice", password: "…"), for: try ProtectionSpace(url: url, realm: "alpha"))
/// ```
public final class CredentialStore: Sendable {
    private struct Entry {
        var credential: Credential
        var refused: Bool
    }

    private let entries = Mutex<[ProtectionSpace: Entry]>([:])

    public init() {}

    /// Stores `credential` for `space` (replacing any, and clearing a refusal).
    public func set(_ credential: Credential, for space: ProtectionSpace) {
        entries.withLock { $0[space] = Entry(credential: credential, refused: false) }
    }

    /// Removes the credential for `space`.
    public func remove(for space: ProtectionSpace) {
        _ = entries.withLock { $0.removeValue(forKey: space) }
    }

    /// The credential for `space`, unless there is none or the server refused it.
    public func credential(for space: ProtectionSpace) -> Credential? {
        entries.withLock { entries in
            guard let entry = entries[space], !entry.refused else { return nil }
            return entry.credential
        }
    }

    /// Whether the server refused the credential stored for `space`.
    public func isRefused(_ space: ProtectionSpace) -> Bool {
        entries.withLock { $0[space]?.refused ?? false }
    }

    /// Records that the server refused the credential for `space`; it is not offered again.
    func markRefused(_ space: ProtectionSpace) {
        entries.withLock { $0[space]?.refused = true }
    }
}
