import Dispatch
import Foundation
import MockAuthClients
import MockAuthCommands
import MockAuthKerberos
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `check` and `conform` do when interrupted (SIGINT, SIGTERM): end every client process group
/// they started, delete every client-file directory (the private key in it included), and exit with
/// 128 + the signal's number, as a shell reports it.
struct InterruptCleanup {
    private let sources: [any DispatchSourceSignal]
    /// Set by the handler before it ends anything: the command's own ending then waits for it.
    private static let interrupted = Mutex(false)

    /// Starts handling SIGINT and SIGTERM; ``stop()`` restores the default handling.
    init() {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Self.interrupted.withLock { $0 = true }
                ClientInvocation.endAllRunning()
                ClientFiles.removeAllLive()
                // After the KDCs have ended (their process groups, above): their databases and keys.
                KerberosRealmDirectories.removeAllLive()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals. When one arrived, this waits for its handler, which exits with
    /// 128 + the signal (the command's own result, e.g. a FAIL caused by the killed client, is moot).
    func stop() {
        if Self.interrupted.withLock({ $0 }) { DispatchSemaphore(value: 0).wait() }
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
