import MockAuthBuildInfo

/// What `mockauthd --version` prints: the release, and the commit a `make dist` build came from.
enum Version {
    /// The release; `make dist` names its tarball after it.
    static let release = "0.1.0"

    /// The commit `make dist` built from, or "unknown".
    static var commit: String { String(cString: mockauth_build_commit()) }

    /// `0.1.0 (commit 1a2b3c4d5e6f)`.
    static var line: String { "\(release) (commit \(commit))" }
}
