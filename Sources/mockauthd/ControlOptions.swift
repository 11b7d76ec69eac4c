import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthControl
import MockAuthPKI

/// `serve`'s control API: where it listens, its token, how many runs it keeps, and the report.
struct ControlOptions: ParsableArguments {
    @Option(name: .long, help: "Port of the control API (default: one the system chooses).")
    var controlPort: Int = 0

    @Option(
        name: .long,
        help:
            "Address the control API listens on (default 127.0.0.1; another address lets anyone who has the token there begin runs)."
    )
    var controlBind: String = "127.0.0.1"

    @Option(
        name: .long,
        help: "Read the control API's bearer token from this file (default: a random token, in the endpoints file).")
    var controlTokenFile: String?

    @Option(name: .long, help: "The most runs begun through the control API that may be live at once (429 beyond).")
    var maxRuns: Int = 32

    @Option(
        name: .long,
        help:
            "On exit, write the verdicts of the runs that saw traffic as JSON to this file and as JUnit XML beside it (.xml)."
    )
    var report: String?

    func validate() throws {
        guard (0...65_535).contains(controlPort) else { throw ValidationError("--control-port must be 0…65535") }
        guard maxRuns > 0 else { throw ValidationError("--max-runs must be positive") }
        if let report, report.lowercased().hasSuffix(".xml") {
            throw ValidationError(
                "--report names the JSON file (the JUnit XML goes beside it as .xml): use e.g. report.json")
        }
    }

    /// The warning `serve` prints when the control API can be reached from other machines, or `nil`.
    var exposureWarning: String? {
        guard !ServerAddressing.isLoopback(controlBind) else { return nil }
        return """
            warning: the control API listens on \(controlBind): anyone on that network who has the token can \
            begin and end runs. Keep the endpoints file (0600) to yourself and use a network you trust.
            """
    }

    /// The token: read from `--control-token-file`, else random.
    func token() throws -> ControlToken {
        try controlTokenFile.map { try ControlToken(contentsOf: $0) } ?? .random()
    }

    /// Where a user finds the token, said without the token itself. With neither a token file nor
    /// an endpoints file, the token is written to a 0600 file beside the client files.
    func tokenLocation(files: ClientFiles, token: ControlToken, endpointsFile: String?) throws -> String {
        if let controlTokenFile { return "from \(controlTokenFile)" }
        if let endpointsFile { return "control.token in \(endpointsFile)" }
        try PKIFileWriter(directory: files.directory).writeSecret("control-token", Array(token.secret.utf8))
        return "in \(files.directory.appendingPathComponent("control-token").path)"
    }
}
