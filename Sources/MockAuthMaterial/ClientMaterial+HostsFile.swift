import Foundation

extension ClientMaterial {
    /// The hosts file `MOCKAUTH_HOSTS_FILE` names: `system` (this machine's `/etc/hosts`), then one
    /// line per name of ``hosts``, so that it can stand in for `/etc/hosts` as it is
    /// (`check --isolate-hosts` mounts it there).
    func hostsFile(system: String) -> String {
        let lines = hosts.map(\.hostsLine).joined(separator: "\n")
        return system + (system.hasSuffix("\n") || system.isEmpty ? "" : "\n")
            + Self.hostsFileSection + scenario + "\n"
            + lines + "\n"
    }

    /// The line that starts the scenario's part of the hosts file, before the scenario's name.
    static let hostsFileSection = "# MockAuth: the servers of "

    /// The canonical name of each alias in the scenario's part of `hostsFile` (a line with more than
    /// one name: the first is canonical, the others its aliases), by alias.
    static func canonicalNames(hostsFile: String) -> [String: String] {
        guard let section = hostsFile.range(of: hostsFileSection) else { return [:] }
        var canonical: [String: String] = [:]
        for line in hostsFile[section.upperBound...].split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count > 2, !fields[0].hasPrefix("#") else { continue }
            for alias in fields.dropFirst(2) { canonical[String(alias)] = String(fields[1]) }
        }
        return canonical
    }

    /// This machine's `/etc/hosts`, or a line for `localhost` where it cannot be read.
    static func systemHosts() -> String {
        (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? "127.0.0.1 localhost\n"
    }
}
