import Foundation
import MockAuthVocabulary
import Testing

@testable import MockAuthPKI

/// The CRL and the OCSP responses the harness signs, read back by OpenSSL 3 (`openssl verify
/// -crl_check`, `openssl ocsp`): each revocation profile's leaf is the valid leaf plus one status.
@Suite("Revocation: the CRL and OCSP responses, as openssl reads them")
struct RevocationAuthorityTests {
    /// A PKI of its own, made now: `openssl verify` checks validity against the wall clock.
    static let pki: HarnessPKI = {
        do { return try HarnessPKI() } catch { fatalError("cannot create the test PKI: \(error)") }
    }()
    static let endpoints = RevocationEndpoints(crlURL: "http://127.0.0.1:9/crl", ocspURL: "http://127.0.0.1:9/ocsp")

    /// A directory with the root, the intermediate and the leaf of `profile` as PEM files, removed
    /// when the test is done with it.
    final class Files {
        let directory: String
        let pki: HarnessPKI
        let credentials: ServerCredentials
        var root: String { directory + "/root.pem" }
        var intermediate: String { directory + "/intermediate.pem" }
        var leaf: String { directory + "/leaf.pem" }

        init(_ profile: TLSProfile, pki: HarnessPKI = RevocationAuthorityTests.pki) throws {
            self.pki = pki
            directory = NSTemporaryDirectory() + "revocation-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            credentials = try pki.serverCredentials(
                for: profile, key: .p256, hostName: "127.0.0.1", revocation: RevocationAuthorityTests.endpoints)
            try pki.root.pem.write(toFile: root, atomically: true, encoding: .utf8)
            try pki.intermediate.pem.write(toFile: intermediate, atomically: true, encoding: .utf8)
            try credentials.leaf.pem.write(toFile: leaf, atomically: true, encoding: .utf8)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: directory)
        }

        func write(_ bytes: [UInt8], _ name: String) throws -> String {
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// Asks `authority` about the leaf with a request `openssl ocsp` wrote, and reads the answer
        /// back with `openssl ocsp -respin`.
        func ocsp(_ authority: RevocationAuthority) async throws -> String {
            let request = directory + "/request.der"
            let made = try await opensslCommand([
                "ocsp", "-no_nonce", "-issuer", intermediate, "-cert", leaf, "-reqout", request,
            ])
            try #require(made.status == 0, "\(made.output)")
            let response = try write(
                authority.ocspResponse(to: Array(try Data(contentsOf: URL(fileURLWithPath: request)))), "response.der")
            return try await opensslCommand([
                "ocsp", "-no_nonce", "-respin", response, "-issuer", intermediate, "-cert", leaf, "-CAfile", root,
            ]).output
        }

        func crlCheck(_ authority: RevocationAuthority) async throws -> (status: Int32, output: String) {
            let crl = try write(try authority.certificateRevocationList(), "crl.der")
            let pem = directory + "/crl.pem"
            let converted = try await opensslCommand(["crl", "-inform", "DER", "-in", crl, "-out", pem])
            try #require(converted.status == 0, "\(converted.output)")
            return try await opensslCommand([
                "verify", "-crl_check", "-CAfile", root, "-untrusted", intermediate, "-CRLfile", pem, leaf,
            ])
        }
    }

    @Test(
        "a revoked-crl leaf fails openssl verify -crl_check with 'certificate revoked' only; the valid control passes")
    func crl() async throws {
        let revoked = try Files(.revokedCRL)
        let authority = RevocationAuthority(pki: revoked.pki)
        authority.register(revoked.credentials)
        let control = try Files(.valid)
        authority.register(control.credentials)

        let verdict = try await revoked.crlCheck(authority)
        #expect(verdict.status != 0)
        let errors = verdict.output.split(separator: "\n").filter { $0.contains("depth lookup") }
        #expect(errors.count == 1 && errors[0].contains("certificate revoked"), "\(verdict.output)")
        let passed = try await control.crlCheck(authority)
        #expect(passed.status == 0, "\(passed.output)")
    }

    @Test(
        "the responder answers each profile's status in a response signed by the intermediate",
        arguments: [
            (TLSProfile.valid, "good"), (.revokedOCSP, "revoked"), (.revokedCRL, "revoked"), (.ocspUnknown, "unknown"),
        ])
    func ocspStatus(_ profile: TLSProfile, _ status: String) async throws {
        let files = try Files(profile)
        let authority = RevocationAuthority(pki: files.pki)
        authority.register(files.credentials)
        let output = try await files.ocsp(authority)
        #expect(output.contains("Response verify OK"), "\(output)")
        #expect(output.contains("\(files.leaf): \(status)"), "\(output)")
        #expect(!output.contains("status expired"), "\(output)")
    }

    @Test("a signed request (requestorName, optionalSignature) with a SHA-256 CertID is read and answered")
    func signedRequest() async throws {
        let files = try Files(.revokedOCSP)
        let authority = RevocationAuthority(pki: files.pki)
        authority.register(files.credentials)
        let key = files.directory + "/leaf.key"
        try files.credentials.leaf.key.pkcs8PEM.write(toFile: key, atomically: true, encoding: .utf8)
        let request = files.directory + "/signed.der"
        let made = try await opensslCommand([
            "ocsp", "-sha256", "-issuer", files.intermediate, "-cert", files.leaf, "-signer", files.leaf, "-signkey",
            key,
            "-reqout", request, "-req_text",
        ])
        try #require(made.status == 0 && made.output.contains("Requestor Name"), "\(made.output)")
        let response = try files.write(
            authority.ocspResponse(to: Array(try Data(contentsOf: URL(fileURLWithPath: request)))),
            "signed-response.der")
        // The request as sent (its nonce too); `-cert` would make openssl build another.
        let output = try await opensslCommand([
            "ocsp", "-reqin", request, "-respin", response, "-issuer", files.intermediate, "-CAfile", files.root,
            "-resp_text",
        ]).output
        #expect(output.contains("Response verify OK"), "\(output)")
        #expect(output.contains("Hash Algorithm: sha256") && output.contains("Cert Status: revoked"), "\(output)")
    }

    @Test("a serial number never registered is unknown")
    func unregistered() async throws {
        let files = try Files(.valid)
        let output = try await files.ocsp(RevocationAuthority(pki: files.pki))
        #expect(output.contains("\(files.leaf): unknown"), "\(output)")
    }

    @Test("an expired response: good, correctly signed, and its nextUpdate in the past")
    func expiredResponse() async throws {
        let files = try Files(.valid)
        let authority = RevocationAuthority(pki: files.pki)
        authority.register(
            serialNumber: files.credentials.leaf.certificate.serialNumber, status: .good, expiredResponse: true)
        let output = try await files.ocsp(authority)
        #expect(output.contains("Response verify OK"), "\(output)")
        // openssl reports the times first, then the status on a line of its own.
        #expect(output.contains("\(files.leaf): WARNING: Status times invalid."), "\(output)")
        #expect(output.contains("status expired") && output.contains("\ngood\n"), "\(output)")
    }

    @Test(
        "bytes that are no OCSP request get malformedRequest, never a crash",
        arguments: [
            [], [0x30], [0x30, 0x00], [0x30, 0x03, 0x30, 0x01, 0x00], Array(repeating: 0x30, count: 300),
            Array("GET / HTTP/1.1\r\n".utf8),
        ])
    func malformed(_ bytes: [UInt8]) async throws {
        let files = try Files(.valid)
        let response = RevocationAuthority(pki: files.pki).ocspResponse(to: bytes)
        #expect(response == [0x30, 0x03, 0x0A, 0x01, 0x01])
        let output = try await opensslCommand(["ocsp", "-respin", try files.write(response, "bad.der"), "-resp_text"])
            .output
        #expect(output.lowercased().contains("malformedrequest"), "\(output)")
    }

    @Test("every truncation and 3,000 byte mutations of a real request get a response, never a crash")
    func mutations() async throws {
        let files = try Files(.revokedOCSP)
        let authority = RevocationAuthority(pki: files.pki)
        authority.register(files.credentials)
        let path = files.directory + "/request.der"
        let made = try await opensslCommand([
            "ocsp", "-issuer", files.intermediate, "-cert", files.leaf, "-reqout", path,
        ])
        try #require(made.status == 0, "\(made.output)")
        let request = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        for length in 0..<request.count {
            #expect(authority.ocspResponse(to: Array(request.prefix(length))) == [0x30, 0x03, 0x0A, 0x01, 0x01])
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed seed: the same mutations every run
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var answered = 0
        for _ in 0..<3_000 {
            var mutated = request
            for _ in 0...(next() % 3) { mutated[next() % mutated.count] = UInt8(truncatingIfNeeded: next()) }
            let response = authority.ocspResponse(to: mutated)
            #expect(response.first == 0x30)
            if response.count > 5 { answered += 1 }
        }
        // Most mutations land in hashes, the serial or the nonce: still a request, answered.
        #expect(answered > 0)
    }

    @Test(
        "a revocation profile's leaf points at one mechanism; every other leaf at both",
        arguments: [
            (TLSProfile.valid, true, true), (.revokedCRL, true, false), (.revokedOCSP, false, true),
            (.ocspUnknown, false, true),
        ])
    func pointers(_ profile: TLSProfile, _ crl: Bool, _ ocsp: Bool) async throws {
        let files = try Files(profile)
        let text = try await opensslCommand(["x509", "-in", files.leaf, "-noout", "-text"]).output
        #expect(text.contains("URI:\(Self.endpoints.crlURL)") == crl, "\(text)")
        #expect(text.contains("OCSP - URI:\(Self.endpoints.ocspURL)") == ocsp, "\(text)")
    }

    @Test("a revocation profile without a revocation server is an error")
    func needsEndpoints() {
        #expect(throws: PKIError.self) {
            try HarnessPKITests.pki.serverCredentials(for: .revokedOCSP, key: .p256, hostName: "127.0.0.1")
        }
    }
}
