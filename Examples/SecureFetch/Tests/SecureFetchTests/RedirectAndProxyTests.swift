import MockAuthTesting
import SecureFetch
import Testing

@Suite("Redirects and proxies")
struct RedirectAndProxyTests {
    @Test("redirect-cross-host: follows to localhost without the origin's Authorization")
    func crossHostRedirect() async throws {
        var response: SecureFetchResponse?
        let verdict = try await withScenario("redirect-cross-host") { scenario in
            response = try await withSecureFetchClient(
                scenario.trustingHarnessRoot, credentials: try scenario.credentialStore()
            ) { client in
                try await client.get(scenario.url)
            }
        }
        #expect(response?.status == 200)
        #expect(response?.url.hasPrefix("https://localhost:") == true)
        #expect(response?.redirectedFrom.count == 1)
        verdict.expectPassed()
    }

    @Test("redirect-cross-port: a caller's own Authorization header is dropped when the port changes")
    func callerAuthorizationDroppedAcrossPorts() async throws {
        let verdict = try await withScenario("redirect-cross-port") { scenario in
            let credential = try scenario.givenCredential()
            let basic = "Basic " + Array("\(credential.user):\(credential.password)".utf8).base64
            let response = try await withSecureFetchClient(scenario.trustingHarnessRoot) { client in
                try await client.get(scenario.url, headers: [HTTPHeader(name: "Authorization", value: basic)])
            }
            #expect(response.status == 200)
        }
        verdict.expectPassed()
    }

    @Test("proxy-connect: CONNECT with Basic proxy credentials, then the origin's TLS verified inside")
    func proxyConnect() async throws {
        let verdict = try await withScenario("proxy-connect") { scenario in
            let environment = scenario.environment
            let proxyURL = try #require(environment["MOCKAUTH_PROXY_URL"])
            let user = try #require(environment["MOCKAUTH_PROXY_USERNAME"])
            let password = try #require(environment["MOCKAUTH_PROXY_PASSWORD"])
            var configuration = scenario.trustingHarnessRoot
            configuration.proxy = try ProxySettings(
                url: proxyURL, credential: Credential(user: user, password: password))
            let response = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            #expect(response.status == 200)
            #expect(response.text == "hello through the proxy\n")
        }
        verdict.expectPassed()
    }
}
