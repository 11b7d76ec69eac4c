import Foundation
import Testing

@testable import MockAuthPKI

@Suite("PKI files and PKCS#12")
struct PKIFilesTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mockauth-pki-test-\(UUID().uuidString)")
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("secrets are written 0600, public files 0644, the directory 0700")
    func modes() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try PKIFileWriter(directory: directory)
        #expect(try mode(writer.writeSecret("a.key", "secret")) == 0o600)
        #expect(try mode(writer.writePublic("a.pem", "public")) == 0o644)
        #expect(try mode(directory.path) == 0o700)
    }

    @Test("the full export writes every CA, profile and the identity")
    func export() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try PKIExport(pki: HarnessPKITests.pki, writer: PKIFileWriter(directory: directory)).writeAll()
        let names = Set(paths.map { URL(fileURLWithPath: $0).lastPathComponent })
        for name in [
            "root-ca.pem", "intermediate-ca.der", "client.p12", "client.key", "server-expired.chain.pem",
            "server-valid.key",
        ] {
            #expect(names.contains(name), "\(name) missing")
        }
        for path in paths where path.hasSuffix(".key") || path.hasSuffix(".p12") {
            #expect(try mode(path) == 0o600, "\(path)")
        }
    }

    @Test("the PKCS#12 bundle uses PBE-SHA1-3DES and a SHA-1 MAC, and OpenSSL 3 reads it back")
    func pkcs12() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pki = HarnessPKITests.pki
        let path = try PKIFileWriter(directory: directory).writeSecret("client.p12", pki.clientPKCS12)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "pkcs12", "-in", path, "-info", "-nodes", "-passin", "pass:\(pki.clientPKCS12Passphrase)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("MAC: sha1"), "\(text)")
        #expect(text.contains("pbeWithSHA1And3-KeyTripleDES-CBC"), "\(text)")
        #expect(!text.contains("PBES2"), "\(text)")
        #expect(text.contains("CN = MockAuth Client") || text.contains("CN=MockAuth Client"), "\(text)")
        #expect(text.contains("BEGIN PRIVATE KEY"), "\(text)")
    }

    @Test("a wrong passphrase is refused")
    func wrongPassphrase() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try PKIFileWriter(directory: directory).writeSecret("client.p12", HarnessPKITests.pki.clientPKCS12)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "pkcs12", "-in", path, "-noout", "-passin", "pass:wrong"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
    }
}
