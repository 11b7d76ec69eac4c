import Foundation

/// How a realm's KDC is started so that it never outlives the process that started it.
///
/// `stop()` and the interrupt handlers of `check`, `conform` and `serve` end a realm's KDC and
/// remove its directory, but nothing runs in a process that is killed (SIGKILL, the out-of-memory
/// killer, a crash): its `krb5kdc` would go on listening, and its directory with the realm's keys
/// would stay. So the KDC runs under a small `/bin/sh` watchdog, in the same process group: it
/// starts `krb5kdc`, looks once a second whether the harness's process still exists, and when it
/// does not, stops the KDC and removes the realm's directory. While the harness lives, the
/// watchdog ends with the KDC and exits with its status (its standard error is the KDC's, so a
/// KDC that cannot bind its port is reported as before).
///
/// The KDC's own command line stays `krb5kdc -n -r REALM`: the watchdog's arguments name the
/// program and the realm apart, so a search for the KDC's command line finds the KDC alone.
enum KDCWatchdog {
    /// The script, run as `sh -c SCRIPT mockauth-kdc-watchdog PARENT DIRECTORY KDC REALM`.
    static let script = #"""
        parent=$1 directory=$2 kdc=$3 realm=$4
        "$kdc" -n -r "$realm" &
        child=$!
        trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
        while kill -0 "$child" 2>/dev/null; do
            if ! kill -0 "$parent" 2>/dev/null; then
                kill -TERM "$child" 2>/dev/null
                wait "$child"
                rm -rf "$directory"
                exit 0
            fi
            sleep 1 &
            wait $!
        done
        wait "$child"
        """#

    /// The watchdog's arguments for `kdc` serving `realm` from `directory`, for this process.
    static func arguments(kdc: String, realm: String, directory: String) -> [String] {
        [
            "/bin/sh", "-c", script, "mockauth-kdc-watchdog", String(ProcessInfo.processInfo.processIdentifier),
            directory, kdc, realm,
        ]
    }
}
