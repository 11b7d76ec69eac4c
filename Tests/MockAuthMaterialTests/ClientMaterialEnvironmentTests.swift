import MockAuthMaterial
import Testing

/// The environment is a projection of the material, and reading it back is its exact inverse.
@Suite("ClientMaterial: the environment, both ways")
struct ClientMaterialEnvironmentTests {
    @Test(
        "material → environment → material is the identity",
        arguments: [ClientMaterialSamples.full, ClientMaterialSamples.bare])
    func roundTrip(_ material: ClientMaterial) throws {
        let store = MemoryFileStore()
        let environment = try material.environment(files: store)
        #expect(try ClientMaterial(environment: environment, readingFilesWith: store.read) == material)
    }

    @Test("environment → material → environment gives the same variables and, through the same store, the same files")
    func inverse() throws {
        let store = MemoryFileStore()
        let environment = try ClientMaterialSamples.full.environment(files: store)
        let written = store.count
        let again = try ClientMaterial(environment: environment, readingFilesWith: store.read).environment(files: store)
        #expect(again == environment)
        #expect(store.count == written)
    }

    @Test("the full material sets every variable, each under its own name")
    func everyVariable() throws {
        let environment = try ClientMaterialSamples.full.environment(files: MemoryFileStore())
        let variables = Set(environment.keys.compactMap { ClientVariable.parse($0)?.variable })
        #expect(variables == Set(ClientVariable.allCases))
        #expect(environment.keys.allSatisfy { ClientVariable.parse($0) != nil })
        // Only carol's password is empty: a password that is empty is given, as it is.
        #expect(environment.filter { $0.value.isEmpty }.map(\.key) == ["MOCKAUTH_PASSWORD_3"])
        #expect(environment["MOCKAUTH_USERNAME_2"] == "bob" && environment["MOCKAUTH_DOMAIN_2"] == "OTHER")
        #expect(environment["MOCKAUTH_USERNAME_3"] == "carol" && environment["MOCKAUTH_DOMAIN_3"] == nil)
        #expect(environment["MOCKAUTH_URL"] == "https://127.0.0.1:4431/")
        #expect(environment["MOCKAUTH_RESOLVE"] == "api.wild.test:4431:127.0.0.1 six.test:80:[::1]")
        #expect(environment["MOCKAUTH_FEATURES"] == "tls custom-ca digest-md5|digest-sha256")
        #expect(environment["MOCKAUTH_PAUSE_SECONDS"] == "3")
        #expect(environment["MOCKAUTH_CONCURRENT"] == "1")
        #expect(environment["MOCKAUTH_TOKEN_URL"] == "https://127.0.0.1:4433/token")
        #expect(environment["MOCKAUTH_REFRESH_TOKEN"] == "rt-1")
    }

    @Test("a variable that does not apply is unset: the bare material gives the scenario and its URL alone")
    func unset() throws {
        let environment = try ClientMaterialSamples.bare.environment(files: MemoryFileStore())
        #expect(
            environment == [
                "MOCKAUTH_SCENARIO": "bare", "MOCKAUTH_URL": "http://127.0.0.1:8080/",
                "MOCKAUTH_URLS": "http://127.0.0.1:8080/",
            ])
    }

    @Test("files are paths in the environment, secret ones stored as secrets")
    func files() throws {
        let store = MemoryFileStore()
        let environment = try ClientMaterialSamples.full.environment(files: store)
        let files = ClientVariable.allCases.filter { $0.form != .text }
        #expect(files.allSatisfy { environment[$0.name]?.hasPrefix("/memory/everything/") == true })
        #expect(try store.read(environment["MOCKAUTH_CLIENT_P12"] ?? "") == [0x30, 0x82, 0x00, 0xFF, 0x00])
        #expect(
            Set(ClientVariable.allCases.filter { $0.form == .file(secret: true) })
                == [.clientKey, .clientPKCS12, .secondClientKey, .secondClientPKCS12, .kerberosCredentialCache])
        let hosts = String(decoding: try store.read(environment["MOCKAUTH_HOSTS_FILE"] ?? ""), as: UTF8.self)
        #expect(hosts.hasSuffix("# MockAuth: the servers of everything\n127.0.0.1 api.wild.test\n::1 six.test\n"))
    }

    @Test("an identity given in part is an error that names what is missing")
    func partialIdentity() throws {
        let store = MemoryFileStore()
        var environment = try ClientMaterialSamples.full.environment(files: store)
        environment["MOCKAUTH_CLIENT_KEY_2"] = nil
        let error = #expect(throws: ClientMaterialError.self) {
            try ClientMaterial(environment: environment, readingFilesWith: store.read)
        }
        #expect(error?.reason.contains("without MOCKAUTH_CLIENT_KEY_2") == true)
    }

    @Test("a file that cannot be read is an error that names the variable and the path")
    func unreadable() throws {
        let error = #expect(throws: ClientMaterialError.self) {
            try ClientMaterial(environment: ["MOCKAUTH_CA_FILE": "/no/such/ca.pem"])
        }
        #expect(error?.reason.contains("MOCKAUTH_CA_FILE (/no/such/ca.pem)") == true)
    }

    @Test("per-request names: 1-based, written and read the same way")
    func perRequestNames() {
        #expect(ClientVariable.requestUsername.name(request: 2) == "MOCKAUTH_USERNAME_2")
        #expect(ClientVariable.url.name(request: 2) == "MOCKAUTH_URL")
        for variable in ClientVariable.allCases {
            let name = variable.isPerRequest ? variable.name(request: 12) : variable.name
            #expect(ClientVariable.parse(name)?.variable == variable)
            #expect(ClientVariable.parse(name)?.request == (variable.isPerRequest ? 12 : nil))
            #expect(variable.name.hasPrefix("MOCKAUTH_"))
        }
        #expect(ClientVariable.parse("MOCKAUTH_USERNAME_02") == nil)
        #expect(ClientVariable.parse("MOCKAUTH_USERNAME_0") == nil)
        #expect(ClientVariable.parse("MOCKAUTH_USERNAME_N") == nil)
        #expect(ClientVariable.parse("MOCKAUTH_CONTROL_URL") == nil)
    }
}
