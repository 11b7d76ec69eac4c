import Foundation

extension ClientMaterial {
    /// The hosts file `MOCKAUTH_HOSTS_FILE` names: `system` (this machine's `/etc/hosts`), then one
    /// line per name of ``hosts``, so that it can stand in for `/etc/hosts` as it is
    /// (`check --isolate-hosts` mounts it there).
    func hostsFile(system: String) -> String {
        let lines = hosts.map(\.hostsLine).joined(separator: "\n")
        return system + (system.hasSuffix("\n") || system.isEmpty ? "" : "\n")
            + "# MockAuth: the servers of \(scenario)\n"
            + lines + "\n"
    }

    /// This machine's `/etc/hosts`, or a line for `localhost` where it cannot be read.
    static func systemHosts() -> String {
        (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? "127.0.0.1 localhost\n"
    }
}
