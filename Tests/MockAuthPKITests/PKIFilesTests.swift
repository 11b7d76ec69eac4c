import Foundation
import Testing

@testable import MockAuthPKI

@Suite("PKI files")
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
            "root-ca.pem", "intermediate-ca.der", "client.p12", "client-pbes2.p12", "client.key",
            "server-expired.chain.pem",
            "server-valid.key",
        ] {
            #expect(names.contains(name), "\(name) missing")
        }
        for path in paths where path.hasSuffix(".key") || path.hasSuffix(".p12") {
            #expect(try mode(path) == 0o600, "\(path)")
        }
    }
}
