import Foundation
import MockAuthMaterial
import MockAuthVocabulary
import Testing

/// The material's JSON is the control API's `material`: the field names it always had, files inline.
@Suite("ClientMaterial: the control API's JSON")
struct ClientMaterialJSONTests {
    static func json(_ material: ClientMaterial) throws -> [String: Any] {
        let data = try JSONEncoder().encode(material)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "material → JSON → material is the identity",
        arguments: [ClientMaterialSamples.full, ClientMaterialSamples.bare])
    func roundTrip(_ material: ClientMaterial) throws {
        let data = try JSONEncoder().encode(material)
        #expect(try JSONDecoder().decode(ClientMaterial.self, from: data) == material)
    }

    @Test("the fields RunMaterial had keep their names and forms")
    func fields() throws {
        let json = try Self.json(ClientMaterialSamples.full)
        #expect(
            Set(json.keys) == [
                "scenario", "urls", "features", "caCertificatePEM", "clientCertificatePEM", "clientKeyPEM",
                "clientP12Base64", "clientP12Password", "secondClientCertificatePEM", "secondClientKeyPEM",
                "secondClientP12Base64", "pinSHA256", "credentials", "requestCredentials", "token", "headers",
                "method", "body", "hosts", "proxy", "pauseSeconds", "concurrent", "krb5Config",
                "krb5CredentialCacheBase64", "tokenEndpoint",
            ])
        #expect(json["concurrent"] as? Bool == true)
        #expect(
            json["tokenEndpoint"] as? [String: String] == [
                "url": "https://127.0.0.1:4433/token", "clientID": "mockauth-app", "clientSecret": "8xLO: x",
                "refreshToken": "rt-1",
            ])
        #expect(json["pauseSeconds"] as? Int == 3)
        #expect(json["krb5CredentialCacheBase64"] as? String == "BQQADP8A")
        #expect(json["clientP12Base64"] as? String == "MIIA/wA=")
        let accounts = try #require(json["requestCredentials"] as? [String: [String: String]])
        #expect(accounts["2"] == ["username": "bob", "password": "hunter2", "domain": "OTHER"])
        #expect(accounts["3"] == ["username": "carol", "password": ""])
        let proxy = try #require(json["proxy"] as? [String: Any])
        #expect(proxy["url"] as? String == "http://127.0.0.1:3128")
        let hosts = try #require(json["hosts"] as? [[String: Any]])
        #expect(
            hosts.map { "\($0["name"] ?? "") \($0["port"] ?? "") \($0["address"] ?? "")" } == [
                "api.wild.test 4431 127.0.0.1", "six.test 80 ::1",
            ])
    }

    @Test("a field whose variable is unset is absent")
    func absent() throws {
        #expect(Set(try Self.json(ClientMaterialSamples.bare).keys) == ["scenario", "urls"])
    }

    @Test("a material from before it carried the scenario, URLs and features still decodes")
    func older() throws {
        let older =
            #"{"caCertificatePEM": "-----BEGIN CERTIFICATE-----\n", "credentials": {"username": "u", "password": "p"}}"#
        let material = try JSONDecoder().decode(ClientMaterial.self, from: Data(older.utf8))
        #expect(material.scenario.isEmpty && material.urls.isEmpty && material.features.isEmpty)
        #expect(material.credentials == Account(username: "u", password: "p"))
    }

    @Test("an identity in part, or a request key that is no 1-based position, does not decode")
    func malformed() {
        for json in [
            #"{"clientCertificatePEM": "x", "clientKeyPEM": "y"}"#,
            #"{"requestCredentials": {"0": {"username": "u", "password": "p"}}}"#,
            #"{"clientCertificatePEM": "x", "clientKeyPEM": "y", "clientP12Base64": "not base64!"}"#,
        ] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(ClientMaterial.self, from: Data(json.utf8)) }
        }
    }
}
