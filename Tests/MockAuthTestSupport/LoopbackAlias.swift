import NIOCore
import NIOPosix
import Testing

/// Loopback addresses other than 127.0.0.1, which some tests bind to play "another machine".
///
/// Linux routes all of 127.0.0.0/8 to `lo`; macOS has only 127.0.0.1 on `lo0` until an alias is
/// added (`sudo ifconfig lo0 alias 127.0.0.2 up`, as the CI workflow's macOS job does).
public enum LoopbackAlias {
    /// Whether `address` can be bound here (a listener on an ephemeral port, closed at once).
    public static func isBindable(_ address: String) async -> Bool {
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: address, port: 0).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }

    /// Why a test needing `address` cannot run here, and what to do.
    static func message(_ address: String) -> String {
        "needs the loopback address \(address), which cannot be bound here; add it: sudo ifconfig lo0 alias \(address) up (macOS)"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every one of `addresses` can be bound; otherwise it is skipped with
    /// the reason (or fails, with `MOCKAUTH_REQUIRE_TOOLS=1`, like a missing tool). The skip is
    /// written to `MOCKAUTH_SKIP_LOG` (``SkipLog``), as `.needs(…)` writes it.
    public static func bindable(_ addresses: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let comment = Comment(rawValue: addresses.map(LoopbackAlias.message).joined(separator: "; "))
        return .enabled(comment, sourceLocation: sourceLocation) {
            for address in addresses where await !LoopbackAlias.isBindable(address) {
                if Tool.missingToolsFail {
                    throw MissingTool(message: LoopbackAlias.message(address) + " (MOCKAUTH_REQUIRE_TOOLS=1)")
                }
                let context = SkipLog.context(fallback: "\(sourceLocation)")
                SkipLog.record(context: context, message: LoopbackAlias.message(address))
                return false
            }
            return true
        }
    }
}
