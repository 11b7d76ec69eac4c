import Foundation
import MockAuthMaterial
import Testing

/// The Kerberos realm's client side: `MOCKAUTH_KRB5_CONFIG` and `MOCKAUTH_KRB5CCNAME` in the
/// environment, `krb5Config` and `krb5CredentialCacheBase64` in the control API's JSON.
@Suite("ClientMaterial: the Kerberos realm's files, both ways")
struct KerberosMaterialTests {
    static let kerberos = ClientMaterial.Kerberos(
        configuration: ClientMaterialSamples.kerberosConfiguration,
        credentialCache: [0x05, 0x04, 0x00, 0x0C, 0xFF, 0x00])

    static var material: ClientMaterial {
        var material = ClientMaterialSamples.bare
        material.kerberos = kerberos
        return material
    }

    @Test("the environment: the krb5.conf as a plain file, the credential cache as a secret file, nothing else added")
    func environment() throws {
        let store = MemoryFileStore()
        let environment = try Self.material.environment(files: store)
        let configuration = try #require(environment["MOCKAUTH_KRB5_CONFIG"])
        let cache = try #require(environment["MOCKAUTH_KRB5CCNAME"])
        #expect(
            String(decoding: try store.read(configuration), as: UTF8.self)
                == ClientMaterialSamples.kerberosConfiguration)
        #expect(try store.read(cache) == Self.kerberos.credentialCache)
        #expect(ClientVariable.kerberosConfiguration.form == .file(secret: false))
        #expect(ClientVariable.kerberosCredentialCache.form == .file(secret: true))
        #expect(
            !ClientVariable.kerberosConfiguration.isPerRequest && !ClientVariable.kerberosCredentialCache.isPerRequest)
        let bare = try ClientMaterialSamples.bare.environment(files: MemoryFileStore())
        #expect(Set(environment.keys).subtracting(bare.keys) == ["MOCKAUTH_KRB5_CONFIG", "MOCKAUTH_KRB5CCNAME"])
        #expect(ClientVariable.parse("MOCKAUTH_KRB5_CONFIG")?.variable == .kerberosConfiguration)
        #expect(ClientVariable.parse("MOCKAUTH_KRB5CCNAME")?.variable == .kerberosCredentialCache)
    }

    @Test("environment → material gives the realm back; without the variables there is none")
    func environmentRoundTrip() throws {
        let store = MemoryFileStore()
        let environment = try Self.material.environment(files: store)
        let read = try ClientMaterial(environment: environment, readingFilesWith: store.read)
        #expect(read.kerberos == Self.kerberos)
        #expect(read == Self.material)
        let none = try ClientMaterialSamples.bare.environment(files: store)
        #expect(try ClientMaterial(environment: none, readingFilesWith: store.read).kerberos == nil)
    }

    @Test("a krb5.conf given without its credential cache reads as a realm with an empty cache")
    func configurationAlone() throws {
        let store = MemoryFileStore()
        var environment = try Self.material.environment(files: store)
        environment["MOCKAUTH_KRB5CCNAME"] = nil
        let read = try ClientMaterial(environment: environment, readingFilesWith: store.read)
        #expect(
            read.kerberos
                == ClientMaterial.Kerberos(
                    configuration: ClientMaterialSamples.kerberosConfiguration, credentialCache: []))
    }

    @Test("a credential cache that cannot be read names MOCKAUTH_KRB5CCNAME and its path")
    func unreadableCache() throws {
        let store = MemoryFileStore()
        var environment = try Self.material.environment(files: store)
        environment["MOCKAUTH_KRB5CCNAME"] = "/no/such/krb5.ccache"
        let error = #expect(throws: ClientMaterialError.self) {
            try ClientMaterial(environment: environment, readingFilesWith: store.read)
        }
        #expect(
            error?.reason.contains("MOCKAUTH_KRB5CCNAME (/no/such/krb5.ccache)") == true, "\(String(describing: error))"
        )
    }

    @Test("the JSON: krb5Config as text, krb5CredentialCacheBase64 as base64, and back")
    func json() throws {
        let data = try JSONEncoder().encode(Self.material)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["krb5Config"] as? String == ClientMaterialSamples.kerberosConfiguration)
        #expect(object["krb5CredentialCacheBase64"] as? String == "BQQADP8A")
        #expect(try JSONDecoder().decode(ClientMaterial.self, from: data) == Self.material)
        let bare = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(ClientMaterialSamples.bare)) as? [String: Any])
        #expect(bare["krb5Config"] == nil && bare["krb5CredentialCacheBase64"] == nil)
    }

    @Test("the JSON's two Kerberos fields come together: one alone, or a cache not in base64, does not decode")
    func jsonHalves() throws {
        let base = #"{"scenario": "s", "urls": ["https://127.0.0.1:1/"]"#
        for broken in [
            base + #", "krb5CredentialCacheBase64": "BQQADP8A"}"#,
            base + #", "krb5Config": "[libdefaults]\n"}"#,
            base + #", "krb5Config": "[libdefaults]\n", "krb5CredentialCacheBase64": "not base64!"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(broken)") {
                try JSONDecoder().decode(ClientMaterial.self, from: Data(broken.utf8))
            }
        }
        let whole = base + #", "krb5Config": "[libdefaults]\n", "krb5CredentialCacheBase64": ""}"#
        let material = try JSONDecoder().decode(ClientMaterial.self, from: Data(whole.utf8))
        #expect(material.kerberos == ClientMaterial.Kerberos(configuration: "[libdefaults]\n", credentialCache: []))
    }
}
