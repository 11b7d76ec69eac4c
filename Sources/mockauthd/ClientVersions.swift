import Foundation
import MockAuthCommands
import MockAuthConformance

/// The clients' versions, as each one's `version` command (the capability table's) prints them
/// during the run: what the reports and the docs say, never a number written by hand.
enum ClientVersions {
    /// How long a version command may take.
    static let timeout: Duration = .seconds(30)

    /// The first line each table client's `version` command prints, by client name, read at the
    /// same time; a command that fails or prints nothing is reported as such.
    static func read(_ table: ConformanceClientTable) async -> [String: String] {
        await withTaskGroup(of: (String, String)?.self) { group in
            for client in table.clients {
                guard let command = client.version else { continue }
                group.addTask { (client.name, await line(of: command)) }
            }
            var versions: [String: String] = [:]
            for await entry in group {
                if let (name, version) = entry { versions[name] = version }
            }
            return versions
        }
    }

    /// The first non-empty line `command` prints (its standard output and error), or why there is none.
    static func line(of command: String) async -> String {
        do {
            let ended = try await SupervisedProcess(["/bin/sh", "-c", command], output: .merged).run(timeout: timeout)
            let first = ended.outputText.split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.first { !$0.isEmpty }
            if ended.stopped { return "unknown (the version command did not finish within \(timeout))" }
            guard ended.status == 0, let first else {
                return "unknown (the version command exited \(ended.status)\(first.map { ": \($0)" } ?? ""))"
            }
            return first
        } catch {
            return "unknown (the version command could not start: \(error))"
        }
    }
}
