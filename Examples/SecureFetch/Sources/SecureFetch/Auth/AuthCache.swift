import Synchronization

/// Credentials that succeeded, kept per protection space with the paths they cover, so that later
/// requests in the same space send them without waiting for a new challenge (RFC 7617 section 2.2):
/// Basic as it was, Digest on the cached nonce with the next nonce count.
final class AuthCache: Sendable {
    private struct Entry {
        var attempt: AuthAttempt
        /// The directory of the URL that authenticated: paths below it are in the same space.
        var pathPrefix: String
    }

    private let entries = Mutex<[Entry]>([])

    /// The cached credentials for `target`, with the Digest nonce count advanced, or `nil` when
    /// `target` is in no protection space this client has authenticated to.
    func preemptive(for target: RequestTarget) -> AuthAttempt? {
        entries.withLock { entries in
            let matches = entries.indices.filter { index in
                let space = entries[index].attempt.space
                return space.scheme == target.scheme && space.host == target.host && space.port == target.port
                    && target.path.hasPrefix(entries[index].pathPrefix)
            }
            guard let best = matches.max(by: { entries[$0].pathPrefix.count < entries[$1].pathPrefix.count }) else {
                return nil
            }
            entries[best].attempt.nonceCount += 1
            var attempt = entries[best].attempt
            attempt.preemptive = true
            return attempt
        }
    }

    /// Remembers `attempt`, which the server accepted for `target`.
    func remember(_ attempt: AuthAttempt, for target: RequestTarget) {
        let prefix = directory(of: target.path)
        var stored = attempt
        stored.preemptive = false
        entries.withLock { entries in
            guard
                let index = entries.firstIndex(where: { $0.attempt.space == attempt.space && $0.pathPrefix == prefix })
            else {
                entries.append(Entry(attempt: stored, pathPrefix: prefix))
                return
            }
            // Concurrent requests may have counted further on the same nonce.
            let cached = entries[index].attempt
            if cached.method == stored.method {
                stored.nonceCount = max(cached.nonceCount, stored.nonceCount)
            }
            entries[index].attempt = stored
        }
    }

    /// Forgets every entry of `space` (its credential was refused).
    func forget(_ space: ProtectionSpace) {
        entries.withLock { $0.removeAll { $0.attempt.space == space } }
    }
}

/// `/a/b` → `/a/`; `/a/` → `/a/`; `/x` → `/`.
private func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "/" }
    return String(path[...slash])
}
