import Foundation
import Testing

extension Tool {
    /// Skips the running test case unless this machine's curl is one of `versions`, the releases its
    /// expectation holds for (the ones it was recorded with, or a range curl's changelog dates).
    ///
    /// A missing curl skips the case (or fails it, with `MOCKAUTH_REQUIRE_TOOLS=1`) as
    /// ``require(_:sourceLocation:)`` does. A curl of another version skips it with a line naming the
    /// versions expected and the one found, on standard error and in `MOCKAUTH_SKIP_LOG` (``SkipLog``).
    ///
    /// - Returns: Whether to run the case. Swift 6.3 cancels a skipped case (this throws); Swift 6.2
    ///   cannot skip a started test, so it returns `false` and the case checks nothing.
    public static func require(curl versions: CurlVersions, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Bool
    {
        try await require([.curl], sourceLocation: sourceLocation)
        let found = await curlVersion
        if let found, versions.contains(found) { return true }
        let here = found.map { "this machine has curl \($0)" } ?? "this machine's curl does not say its version"
        let message = "expects \(versions), the releases its expectation holds for; \(here)"
        // Not a failure even with MOCKAUTH_REQUIRE_TOOLS=1: that variable turns a missing tool into a
        // failure so CI cannot lose a test to a forgotten install, but a curl of another version is
        // installed and working; what it would do here is unknown, not wrong. Failing would make CI
        // pin an old curl (the macOS runner has Homebrew's 8.x); the skip log lists the case instead.
        FileHandle.standardError.write(Data("SKIPPED: \(message)\n".utf8))
        SkipLog.record(context: SkipLog.context(fallback: "\(sourceLocation)"), message: message)
        #if compiler(>=6.3)
            try Test.cancel(Comment(rawValue: message), sourceLocation: sourceLocation)
        #else
            return false
        #endif
    }
}
