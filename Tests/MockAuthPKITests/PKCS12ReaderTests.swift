import Foundation
import MockAuthVocabulary
import NIOSSL
import Testing

@testable import MockAuthPKI

/// The PKCS#12 files the library writes, read back by real readers: OpenSSL's PKCS12_parse and
/// `openssl pkcs12` (OpenSSL 3, no `-legacy`), and NIOSSL (BoringSSL).
@Suite("PKCS#12 files read by OpenSSL and NIOSSL")
struct PKCS12ReaderTests {
    static var pki: HarnessPKI { HarnessPKITests.pki }

    func writeTemporary(_ bytes: [UInt8]) throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mockauth-p12-test-\(UUID().uuidString)")
        return (directory, try PKIFileWriter(directory: directory).writeSecret("client.p12", bytes))
    }

    @Test(
        "PKCS12_parse returns the same key, certificate and chain with the right passphrase",
        .enabled(if: OpenSSLCrossCheck.isAvailable), arguments: PKCS12Encoding.allCases)
    func opensslParses(_ encoding: PKCS12Encoding) throws {
        let pki = Self.pki
        let contents = try OpenSSLCrossCheck.parsePKCS12(
            pki.clientPKCS12(encoding), passphrase: pki.clientPKCS12Passphrase)
        #expect(contents.certificate == pki.clientIdentity.derBytes)
        #expect(contents.publicKey == pki.clientIdentity.key.subjectPublicKeyInfoDER)
        #expect(contents.privateKey == pki.clientIdentity.key.pkcs8DER)
        #expect(contents.chain == [pki.clientCA.derBytes])
        #expect(contents.friendlyName == "MockAuth Client")
    }

    @Test(
        "PKCS12_parse refuses a wrong passphrase (the MAC does not verify)",
        .enabled(if: OpenSSLCrossCheck.isAvailable), arguments: PKCS12Encoding.allCases)
    func opensslRefusesWrongPassphrase(_ encoding: PKCS12Encoding) throws {
        let pki = Self.pki
        for wrong in ["", "wrong", pki.clientPKCS12Passphrase + "x", String(pki.clientPKCS12Passphrase.dropLast())] {
            #expect(throws: OpenSSLCrossCheck.Refusal.self, "\(wrong)") {
                try OpenSSLCrossCheck.parsePKCS12(pki.clientPKCS12(encoding), passphrase: wrong)
            }
        }
    }

    @Test(
        "an RSA identity and a non-ASCII passphrase and name round-trip too",
        .enabled(if: OpenSSLCrossCheck.isAvailable), arguments: PKCS12Encoding.allCases)
    func rsaAndUnicode(_ encoding: PKCS12Encoding) throws {
        let pki = Self.pki
        let server = try pki.serverCredentials(for: .valid, key: .rsa2048, hostName: "127.0.0.1")
        let bytes = try PKCS12.export(
            server.leaf, chain: [pki.intermediate, pki.root], passphrase: "pässwörd €", friendlyName: "Zürich ✓",
            encoding: encoding)
        let contents = try OpenSSLCrossCheck.parsePKCS12(bytes, passphrase: "pässwörd €")
        #expect(contents.certificate == server.leaf.derBytes)
        #expect(contents.publicKey == server.leaf.key.subjectPublicKeyInfoDER)
        #expect(contents.chain == [pki.intermediate.derBytes, pki.root.derBytes])
        #expect(contents.friendlyName == "Zürich ✓")
    }

    @Test("two exports of one identity differ: salts and IVs are random", arguments: PKCS12Encoding.allCases)
    func randomSalts(_ encoding: PKCS12Encoding) throws {
        let pki = Self.pki
        let first = try PKCS12.export(
            pki.clientIdentity, chain: [pki.clientCA], passphrase: "p", friendlyName: "n", encoding: encoding)
        let second = try PKCS12.export(
            pki.clientIdentity, chain: [pki.clientCA], passphrase: "p", friendlyName: "n", encoding: encoding)
        #expect(first.count == second.count)
        #expect(first != second)
    }

    struct Algorithms: Sendable, CustomTestStringConvertible {
        var encoding: PKCS12Encoding
        var mac: String
        var bags: [String]
        var absent: [String]
        var testDescription: String { encoding.rawValue }
    }

    static let algorithms: [Algorithms] = [
        Algorithms(
            encoding: .legacy, mac: "MAC: sha1, Iteration 2048",
            bags: [
                "Shrouded Keybag: pbeWithSHA1And3-KeyTripleDES-CBC, Iteration 2048",
                "PKCS7 Encrypted data: pbeWithSHA1And3-KeyTripleDES-CBC, Iteration 2048",
            ],
            absent: ["PBES2", "AES"]),
        Algorithms(
            encoding: .pbes2, mac: "MAC: sha256, Iteration 2048",
            bags: [
                "Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256",
                "PKCS7 Encrypted data: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256",
            ],
            absent: ["TripleDES", "sha1,"]),
    ]

    @Test(
        "openssl pkcs12 (OpenSSL 3, no -legacy) reads both encodings and reports their algorithms",
        arguments: algorithms)
    func opensslCommandReads(_ expected: Algorithms) async throws {
        let pki = Self.pki
        let file = try writeTemporary(pki.clientPKCS12(expected.encoding))
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try await opensslCommand([
            "pkcs12", "-in", file.path, "-info", "-nodes", "-passin", "pass:\(pki.clientPKCS12Passphrase)",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(expected.mac), "\(result.output)")
        for bag in expected.bags { #expect(result.output.contains(bag), "\(bag) in \(result.output)") }
        // Only the algorithm lines: base64 of keys and certificates can spell "AES" by chance.
        let algorithmLines = result.output.split(separator: "\n").filter {
            $0.hasPrefix("MAC:") || $0.hasPrefix("Shrouded Keybag:") || $0.hasPrefix("PKCS7 Encrypted data:")
        }
        #expect(algorithmLines.count == 3, "\(result.output)")
        for word in expected.absent {
            #expect(!algorithmLines.contains { $0.contains(word) }, "\(word) in \(algorithmLines)")
        }
        #expect(result.output.contains("friendlyName: MockAuth Client"), "\(result.output)")
        #expect(result.output.contains("localKeyID:"), "\(result.output)")
        #expect(result.output.contains("CN = MockAuth Client"), "\(result.output)")
        #expect(result.output.contains("CN = MockAuth Client CA"), "\(result.output)")
        #expect(result.output.contains("BEGIN PRIVATE KEY"), "\(result.output)")
    }

    @Test("openssl pkcs12 refuses a wrong passphrase", arguments: PKCS12Encoding.allCases)
    func opensslCommandRefuses(_ encoding: PKCS12Encoding) async throws {
        let file = try writeTemporary(Self.pki.clientPKCS12(encoding))
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = try await opensslCommand(["pkcs12", "-in", file.path, "-info", "-noout", "-passin", "pass:wrong"])
        #expect(result.status != 0, "\(result.output)")
        #expect(result.output.contains("Mac verify error: invalid password?"), "\(result.output)")
    }

    @Test("NIOSSLPKCS12Bundle loads both encodings with the right passphrase", arguments: PKCS12Encoding.allCases)
    func niosslLoads(_ encoding: PKCS12Encoding) throws {
        let pki = Self.pki
        let bundle = try NIOSSLPKCS12Bundle(
            buffer: pki.clientPKCS12(encoding), passphrase: Array(pki.clientPKCS12Passphrase.utf8))
        #expect(
            try bundle.certificateChain.map { try $0.toDERBytes() } == [
                pki.clientIdentity.derBytes, pki.clientCA.derBytes,
            ])
        #expect(
            bundle.privateKey
                == (try NIOSSLPrivateKey(bytes: Array(pki.clientIdentity.key.pkcs8PEM.utf8), format: .pem)))
    }

    @Test("NIOSSLPKCS12Bundle refuses a wrong passphrase", arguments: PKCS12Encoding.allCases)
    func niosslRefuses(_ encoding: PKCS12Encoding) throws {
        #expect(throws: (any Error).self) {
            try NIOSSLPKCS12Bundle(buffer: Self.pki.clientPKCS12(encoding), passphrase: Array("wrong".utf8))
        }
    }
}
