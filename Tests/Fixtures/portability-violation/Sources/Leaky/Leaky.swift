import Foundation
import Glibc

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts a process without an OS guard: iOS has no Process.
public func runSomething() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
}

/// Reads a Linux-only path without a guard.
public let selfExecutable = "/proc/self/exe"

#if os(Linux)
    /// Guarded: fine.
    public func linuxOnly() -> String { "/proc/self/status" }
#endif

// A comment that mentions Process() and /proc/ is not code.
