import Foundation
import MockAuthVocabulary
import SwiftASN1
import Testing
import X509

@testable import MockAuthPKI

/// The names another machine reaches the servers by (`serve --host-name`, `--bind`) in the server
/// certificates: added to every profile but the two whose one defect is the name.
@Suite("Host names in server certificates")
struct HostNameSANTests {
    static let pki: HarnessPKI = {
        do { return try HarnessPKI() } catch { fatalError("cannot build the test PKI: \(error)") }
    }()

    @Test(
        "IP literals parse to network-order bytes; anything else is not an IP",
        arguments: [
            ("192.168.1.20", [192, 168, 1, 20]),
            ("0.0.0.0", [0, 0, 0, 0]),
            ("::1", [UInt8](repeating: 0, count: 15) + [1]),
            ("[::1]", [UInt8](repeating: 0, count: 15) + [1]),
            ("::", [UInt8](repeating: 0, count: 16)),
            ("fe80::1:2", [0xFE, 0x80] + [UInt8](repeating: 0, count: 10) + [0, 1, 0, 2]),
            ("2001:db8:0:0:0:0:0:1", [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 11) + [1]),
            ("::ffff:127.0.0.1", [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1]),
        ] as [(String, [UInt8])])
    func parses(_ text: String, _ bytes: [UInt8]) {
        #expect(IPAddressLiteral.bytes(of: text) == bytes)
    }

    @Test(
        "not IP literals",
        arguments: [
            "my-mac.local", "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1..2.3", "1:2:3:4:5:6:7:8:9", "1::2::3",
            ":::", "12345::", "g::1", "", "١.٢.٣.٤", "::1.2.3", "1.2.3.4::",
        ])
    func rejects(_ text: String) {
        #expect(IPAddressLiteral.bytes(of: text) == nil, "\(text)")
    }

    func names(_ profile: TLSProfile, hostName: String = "my-mac.local", extra: [String]) throws -> [GeneralName] {
        let credentials = try Self.pki.serverCredentials(
            for: profile, key: .p256, hostName: hostName, additionalNames: extra)
        return try credentials.leaf.certificate.extensions.subjectAlternativeNames.map(Array.init) ?? []
    }

    @Test("a valid certificate holds the loopback names and every added name, as dNSName or iPAddress")
    func added() throws {
        let names = try names(.valid, extra: ["My-Mac.Local", "192.168.1.20", "[fe80::1]"])
        #expect(names.contains(.dnsName("localhost")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
        #expect(names.contains(.dnsName("my-mac.local")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 20]))))
        #expect(
            names.contains(
                .ipAddress(ASN1OctetString(contentBytes: [0xFE, 0x80] + ArraySlice(repeating: 0, count: 13) + [1]))))
        #expect(!names.contains(.dnsName("192.168.1.20")), "an address is never a dNSName")
    }

    @Test("without the loopback names (a server only a remote-DNS proxy resolves) the certificate names its name alone")
    func ownNameOnly() throws {
        let credentials = try Self.pki.serverCredentials(
            for: .valid, key: .p256, hostName: "api.remote.test", additionalNames: ["api.remote.test"],
            loopbackNames: false)
        #expect(
            try credentials.leaf.certificate.extensions.subjectAlternativeNames.map(Array.init)
                == [.dnsName("api.remote.test")])
        #expect(credentials.defect == nil, "naming only itself is no defect")
        let withLoopback = try Self.pki.serverCredentials(
            for: .valid, key: .p256, hostName: "api.remote.test", additionalNames: ["api.remote.test"])
        #expect(withLoopback.leaf.certificate != credentials.leaf.certificate, "cached apart")
    }

    @Test("wrong-host keeps its one name and missing-san none: their defect is the name")
    func defectsKept() throws {
        #expect(try names(.wrongHost, extra: ["my-mac.local"]) == [GeneralName.dnsName(HarnessPKI.wrongHostName)])
        let missing = try Self.pki.serverCredentials(
            for: .missingSAN, key: .p256, hostName: "my-mac.local", additionalNames: ["my-mac.local"])
        #expect(try missing.leaf.certificate.extensions.subjectAlternativeNames.map(Array.init) == nil)
        #expect(missing.leaf.certificate.subject.description.contains("CN=my-mac.local"))
    }

    @Test("credentials are cached per set of names: another set gets another certificate")
    func cachedPerNames() throws {
        let plain = try Self.pki.serverCredentials(for: .valid, key: .p256, hostName: "127.0.0.1")
        let named = try Self.pki.serverCredentials(
            for: .valid, key: .p256, hostName: "127.0.0.1", additionalNames: ["device.mockauth.test"])
        let again = try Self.pki.serverCredentials(
            for: .valid, key: .p256, hostName: "127.0.0.1", additionalNames: ["device.mockauth.test"])
        #expect(plain.leaf.certificate != named.leaf.certificate)
        #expect(named.leaf.certificate == again.leaf.certificate)
    }
}
