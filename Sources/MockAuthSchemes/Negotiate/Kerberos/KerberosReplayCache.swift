import Crypto

/// The AP-REQs a server has accepted, by digest, so that the same token sent again is refused as a
/// replay (RFC 4120 §3.2.3): the harness keeps its own cache, since the acceptor's is turned off so
/// that a run writes nothing outside its directory. Bounded: past ``capacity`` the oldest go first.
struct KerberosReplayCache: Sendable {
    /// The most tokens remembered.
    static let capacity = 1024

    private var seen: Set<SHA256Digest> = []
    private var order: [SHA256Digest] = []

    /// Records `token`; `false` when it was accepted before.
    mutating func admit(_ token: [UInt8]) -> Bool {
        let digest = SHA256.hash(data: token)
        guard seen.insert(digest).inserted else { return false }
        order.append(digest)
        if order.count > Self.capacity { seen.remove(order.removeFirst()) }
        return true
    }
}
