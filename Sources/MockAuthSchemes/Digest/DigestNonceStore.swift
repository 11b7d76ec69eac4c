import Foundation

/// Server-side memory of issued nonces: when each was issued, its `opaque`, the highest `nc` seen,
/// and whether it was sent as a `nextnonce` (RFC 7616 §3.5).
///
/// State lives here, never in cookies. Each nonce moves through ``NonceState``.
package struct DigestNonceStore: Sendable, Equatable {
    /// The life cycle of one nonce.
    package enum NonceState: Sendable, Equatable {
        /// Issued, never used successfully.
        case issued(at: Date, opaque: String?)
        /// Used successfully with `qop`; later requests need a larger `nc`.
        case counted(at: Date, opaque: String?, highestNonceCount: UInt32)
        /// Used successfully without `qop` (RFC 2069: no `nc`, so no replay counter).
        case usedWithoutCount(at: Date, opaque: String?)
        /// Replaced by a `nextnonce` sent after a successful use: no longer accepted (a correct answer
        /// on it is stale).
        case replaced(at: Date, opaque: String?)

        /// When the nonce was issued.
        package var issuedAt: Date {
            switch self {
            case .issued(let at, _), .counted(let at, _, _), .usedWithoutCount(let at, _), .replaced(let at, _):
                return at
            }
        }

        /// The `opaque` sent with the nonce.
        package var opaque: String? {
            switch self {
            case .issued(_, let opaque), .counted(_, let opaque, _), .usedWithoutCount(_, let opaque),
                .replaced(_, let opaque):
                return opaque
            }
        }

        /// The highest `nc` accepted so far, if any.
        package var highestNonceCount: UInt32? {
            switch self {
            case .counted(_, _, let count): return count
            case .issued, .usedWithoutCount, .replaced: return nil
            }
        }

        /// Whether a `nextnonce` replaced the nonce.
        package var isReplaced: Bool {
            switch self {
            case .replaced: return true
            case .issued, .counted, .usedWithoutCount: return false
            }
        }
    }

    private var states: [String: NonceState] = [:]
    private var order: [String] = []
    /// The nonces sent as a `nextnonce` rather than in a challenge.
    private var nextNonces: Set<String> = []
    /// Maximum number of remembered nonces; the oldest are forgotten first.
    package let capacity: Int

    /// Creates an empty store.
    package init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    /// Number of remembered nonces.
    package var count: Int { states.count }

    /// The state of `nonce`, or `nil` if it was never issued (or was forgotten).
    package func state(of nonce: String) -> NonceState? {
        states[nonce]
    }

    /// Whether `nonce` was sent as a `nextnonce` (in `Authentication-Info`) rather than in a challenge.
    package func isNextNonce(_ nonce: String) -> Bool {
        nextNonces.contains(nonce)
    }

    /// Records a newly issued nonce (tests use this to seed RFC example nonces); `asNextNonce` when it
    /// goes out as a `nextnonce`.
    package mutating func insert(_ nonce: String, opaque: String?, issuedAt: Date, asNextNonce: Bool = false) {
        if states[nonce] == nil { order.append(nonce) }
        states[nonce] = .issued(at: issuedAt, opaque: opaque)
        if asNextNonce { nextNonces.insert(nonce) }
        while order.count > capacity {
            forget(order.removeFirst())
        }
    }

    /// Marks `nonce` replaced by a `nextnonce`: from now on it is no longer accepted.
    package mutating func replace(_ nonce: String) {
        guard let state = states[nonce] else { return }
        states[nonce] = .replaced(at: state.issuedAt, opaque: state.opaque)
    }

    /// Records a successful use. Returns `false` (and changes nothing) when `nonceCount` is not greater than
    /// the highest one seen, i.e. a replay.
    package mutating func recordUse(of nonce: String, nonceCount: UInt32?) -> Bool {
        guard let state = states[nonce], !state.isReplaced else { return false }
        guard let nonceCount else {
            states[nonce] = .usedWithoutCount(at: state.issuedAt, opaque: state.opaque)
            return true
        }
        if let highest = state.highestNonceCount, nonceCount <= highest { return false }
        states[nonce] = .counted(at: state.issuedAt, opaque: state.opaque, highestNonceCount: nonceCount)
        return true
    }

    /// Forgets nonces issued before `cutoff`.
    package mutating func removeNonces(issuedBefore cutoff: Date) {
        order.removeAll { nonce in
            guard let state = states[nonce], state.issuedAt < cutoff else { return false }
            states[nonce] = nil
            nextNonces.remove(nonce)
            return true
        }
    }

    private mutating func forget(_ nonce: String) {
        states[nonce] = nil
        nextNonces.remove(nonce)
    }
}
