import Foundation
import Synchronization

/// The directories of this process's realms not yet removed: what an interrupted `mockauthd`
/// deletes (``removeAllLive()``) after ending the KDC processes, so that no key, database or
/// credential cache is left behind.
package enum KerberosRealmDirectories {
    private static let live = Mutex<Set<String>>([])

    /// Makes a new private directory for a realm.
    static func make() throws(KerberosError) -> String {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("mockauth-krb5-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw KerberosError("cannot create a directory for the realm under \(template): errno \(errno)")
        }
        let path = String(cString: made)
        _ = live.withLock { $0.insert(path) }
        return path
    }

    /// Deletes `path` and forgets it.
    static func remove(_ path: String) {
        live.withLock { live in
            guard live.remove(path) != nil else { return }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Deletes every realm directory this process made and has not removed: for a SIGINT or
    /// SIGTERM handler.
    package static func removeAllLive() {
        live.withLock { live in
            for directory in live { try? FileManager.default.removeItem(atPath: directory) }
            live.removeAll()
        }
    }
}
