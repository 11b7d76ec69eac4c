import Foundation
import MockAuthClients
import MockAuthPKI

/// What `mockauthd serve` serves, as a table and as JSON.
struct ServedEndpoints: Encodable {
    struct Entry: Encodable {
        /// The run's id in the control API (`/v1/runs/ID/verdict`): the scenario's name.
        var run: String
        var scenario: String
        var summary: String
        var url: String
        var urls: [String]
        var correctClient: String
        var environment: [String: String]
    }

    var caFile: String
    var clientCertificate: String
    var clientKey: String
    var clientP12: String
    var clientP12Password: String
    var clientP12PasswordFile: String
    var pinSHA256: String
    var scenarios: [Entry]
    var control: Control

    /// Where the control API listens, and its bearer token.
    struct Control: Encodable {
        var url: String
        var token: String
    }

    init(runs: [ScenarioRun], files: ClientFiles, pin: String, control: Control) {
        self.control = control
        caFile = files.caFile
        clientCertificate = files.clientCertificate
        clientKey = files.clientKey
        clientP12 = files.clientPKCS12
        clientP12Password = files.clientPKCS12Passphrase
        clientP12PasswordFile = files.clientPKCS12PassphraseFile
        pinSHA256 = pin
        scenarios = runs.map { run in
            Entry(
                run: run.scenario.name, scenario: run.scenario.name, summary: run.scenario.summary, url: run.url,
                urls: run.urls,
                correctClient: run.scenario.correctClientSummary, environment: run.environment)
        }
    }

    var table: String {
        let nameWidth = max(8, scenarios.map(\.scenario.count).max() ?? 0)
        let urlWidth = max(3, scenarios.map(\.url.count).max() ?? 0)
        func row(_ name: String, _ url: String, _ what: String) -> String {
            name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + url.padding(toLength: urlWidth, withPad: " ", startingAt: 0) + "  " + what
        }
        var lines = [row("SCENARIO", "URL", "A CORRECT CLIENT")]
        lines += scenarios.map { row($0.scenario, $0.url, $0.correctClient) }
        lines.append("")
        lines.append("CA file (MOCKAUTH_CA_FILE):     \(caFile)")
        lines.append("Client certificate and key:     \(clientCertificate) \(clientKey)")
        // The passphrase is a secret of this machine's files: it is in a 0600 file and in the
        // endpoints file (0600), never on the terminal or in a log.
        lines.append("Client PKCS#12 (passphrase in): \(clientP12) (\(clientP12PasswordFile))")
        lines.append("Pin (MOCKAUTH_PIN_SHA256):      \(pinSHA256)")
        // Each Kerberos scenario has a realm of its own: its krb5.conf and credential cache.
        for entry in scenarios {
            guard let configuration = entry.environment[ClientVariable.kerberosConfiguration.name],
                let cache = entry.environment[ClientVariable.kerberosCredentialCache.name]
            else { continue }
            lines.append("Kerberos of \(entry.scenario) (KRB5_CONFIG, KRB5CCNAME): \(configuration) \(cache)")
        }
        return lines.joined(separator: "\n")
    }

    /// Writes the endpoints as JSON, readable by the owner only (0600): it holds the passphrase, the
    /// scenarios' passwords and the control API's token.
    func write(to path: String) throws {
        let file = URL(fileURLWithPath: path)
        do {
            let json = try JSONEncoder.harnessOutput().encode(self)
            try PKIFileWriter(directory: file.deletingLastPathComponent()).writeSecret(
                file.lastPathComponent, Array(json))
        } catch {
            throw HarnessError("cannot write \(path): \(error)")
        }
    }
}
