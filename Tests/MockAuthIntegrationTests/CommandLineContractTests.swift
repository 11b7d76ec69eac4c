import Foundation
import MockAuthTestSupport
import Testing

@Suite("mockauthd exit codes and subcommands")
struct CommandLineContractTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mockauthd-test-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("an invalid scenario exits 2 with file:line:column, and nothing is served or run")
    func invalidScenario() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/broken.yaml"
        try """
        version: 1
        summary: A mistake on line 5.
        servers:
          origin:
            tls: { profile: expird }
        expect:
          - rule: rejects-certificate
            server: origin
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let marker = directory + "/client-ran"
        let result = try await Shell.execute([MockAuthDBinary.path, "check", file, "--", "/usr/bin/touch", marker])
        #expect(result.status == 2)
        #expect(result.error.contains("\(file):5:21: error: unknown TLS profile 'expird'"), "\(result.error)")
        #expect(result.error.contains("write instead: profile: expired"), "\(result.error)")
        #expect(
            !FileManager.default.fileExists(atPath: marker), "the client command ran although the scenario is invalid")

        let validate = try await Shell.execute([MockAuthDBinary.path, "validate", file])
        #expect(validate.status == 2)
        #expect(validate.error.contains("\(file):5:21"))

        let serve = try await Shell.execute([MockAuthDBinary.path, "serve", file], timeout: 20)
        #expect(serve.status == 2, "serve must refuse an invalid scenario instead of serving")
        #expect(!serve.output.contains("Serving"))
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["check", "tls-valid"],
            ["check", "no-such-scenario", "--", "true"],
            ["frobnicate"],
            ["certs"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await Shell.execute(
            [MockAuthDBinary.path] + arguments + ["--scenarios", MockAuthDBinary.scenarios])
        #expect(result.status == 2, "\(arguments): \(result.output)\(result.error)")
        #expect(!result.error.isEmpty)
    }

    @Test("validate accepts the whole catalog; list shows every scenario")
    func validateAndList() async throws {
        let validate = try await Shell.execute([MockAuthDBinary.path, "validate", MockAuthDBinary.scenarios])
        #expect(validate.status == 0, "\(validate.error)")
        let list = try await Shell.execute([
            MockAuthDBinary.path, "list", "--scenarios", MockAuthDBinary.scenarios, "--tag", "pinning",
        ])
        #expect(list.status == 0)
        #expect(list.output.contains("tls-pin-mismatch") && list.output.contains("tls-pin-reissued"))
        #expect(!list.output.contains("tls-expired"))
    }

    @Test("the bundled catalog equals Scenarios/: outside a checkout mockauthd finds the same scenarios")
    func bundledCatalog() async throws {
        let elsewhere = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let bundled = try await Shell.run("cd '\(elsewhere)' && '\(MockAuthDBinary.path)' list --json")
        let repository = try await Shell.execute([
            MockAuthDBinary.path, "list", "--json", "--scenarios", MockAuthDBinary.scenarios,
        ])
        #expect(bundled.status == 0, "\(bundled.error)")
        #expect(bundled.output == repository.output, "rebuild: the bundled catalog differs from Scenarios/")
    }

    @Test("certs writes a full set; keys are 0600")
    func certs() async throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let directory = parent + "/set"
        let result = try await Shell.execute([MockAuthDBinary.path, "certs", "--out", directory])
        #expect(result.status == 0, "\(result.error)")
        let modes = try ["client.key", "client.p12", "server-expired.key", "root-ca.pem"].map { name in
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            return String((attributes[.posixPermissions] as? Int) ?? 0, radix: 8) + " " + name
        }
        #expect(modes == ["600 client.key", "600 client.p12", "600 server-expired.key", "644 root-ca.pem"], "\(modes)")
        let chain = try await Shell.run(
            "cd '\(directory)' && openssl verify -CAfile root-ca.pem -untrusted intermediate-ca.pem client.pem server-valid.der 2>&1; openssl x509 -inform DER -in server-valid.der -noout -subject"
        )
        #expect(chain.output.contains("MockAuth valid server"), "\(chain.output)")
    }

    @Test("serve prints the endpoints, writes them as JSON, serves until SIGINT, then cleans up")
    func serve() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let endpoints = directory + "/endpoints.json"
        let script = """
            mkfifo '\(directory)/out.fifo'
            '\(MockAuthDBinary.path)' serve tls-valid tls-expired --scenarios '\(MockAuthDBinary.scenarios)' --endpoints-file '\(endpoints)' > '\(directory)/out.fifo' 2>&1 &
            pid=$!
            # Wait for serve's "Serving …" line (a blocking read, not a poll), keeping every line.
            exec 3<'\(directory)/out.fifo'
            while IFS= read -r line <&3; do
              printf '%s\\n' "$line" >> '\(directory)/out.txt'
              case "$line" in Serving*) break;; esac
            done
            cat <&3 >> '\(directory)/out.txt' &
            drain=$!
            python3 - '\(endpoints)' <<'PY'
            import json, os, subprocess, sys
            data = json.load(open(sys.argv[1]))
            urls = {s["scenario"]: s["url"] for s in data["scenarios"]}
            ok = subprocess.run(["curl", "-sS", "--max-time", "10", "--cacert", data["caFile"], urls["tls-valid"]], capture_output=True, text=True)
            bad = subprocess.run(["curl", "-sS", "--max-time", "10", "--cacert", data["caFile"], urls["tls-expired"]], capture_output=True)
            print("VALID", ok.returncode, ok.stdout.strip())
            print("EXPIRED", bad.returncode)
            print("CAFILE", data["caFile"])
            print("MODE", oct(os.stat(sys.argv[1]).st_mode & 0o777))
            print("PASSFILE", open(data["clientP12PasswordFile"]).read() == data["clientP12Password"])
            open(sys.argv[1] + ".secret", "w").write(data["clientP12Password"])
            PY
            kill -INT $pid; wait $pid; echo "EXIT $?"
            wait $drain
            cat '\(directory)/out.txt'
            """
        let result = try await Shell.run(script, timeout: 60)
        #expect(result.output.contains("VALID 0 hello from tls-valid"), "\(result.output)\(result.error)")
        #expect(result.output.contains("EXPIRED 60"), "\(result.output)")
        #expect(result.output.contains("EXIT 0"), "\(result.output)")
        #expect(result.output.contains("tls-expired  https://127.0.0.1:"), "\(result.output)")
        #expect(result.output.contains("refuses the certificate of origin"), "\(result.output)")
        let caFile =
            result.output.split(separator: "\n").first { $0.hasPrefix("CAFILE ") }.map { String($0.dropFirst(7)) } ?? ""
        #expect(!caFile.isEmpty && !FileManager.default.fileExists(atPath: caFile), "serve left \(caFile) behind")
        // The endpoints file holds secrets: owner only. The PKCS#12 passphrase is never printed.
        #expect(result.output.contains("MODE 0o600"), "\(result.output)")
        #expect(result.output.contains("PASSFILE True"), "\(result.output)")
        let passphrase = try String(contentsOfFile: endpoints + ".secret", encoding: .utf8)
        #expect(passphrase.hasPrefix("mockauth-") && !result.output.contains(passphrase), "\(result.output)")
    }
}
