import MockAuthMaterial
import MockAuthTesting
import Testing

/// The proxy a ``ClientContext`` gives: its address, its credentials and whether it speaks TLS; and
/// the context as a view over its material.
@Suite("ClientContext: the proxy a scenario gives")
struct ClientContextProxyTests {
    func proxy(_ url: String) -> ClientContext.Proxy? {
        var material = ClientMaterial(scenario: "proxy", urls: ["https://127.0.0.1:8443/"])
        material.proxy = ClientMaterial.Proxy(url: url, credentials: Account(username: "proxy", password: "p"))
        return ClientContext(material).proxy
    }

    @Test("an http:// proxy is plain, an https:// one TLS; a port it names is kept")
    func named() {
        #expect(proxy("http://127.0.0.1:3128")?.usesTLS == false)
        #expect(proxy("http://127.0.0.1:3128")?.port == 3128)
        #expect(proxy("https://127.0.0.1:3129")?.usesTLS == true)
        #expect(proxy("HTTPS://127.0.0.1:3129")?.port == 3129)
        #expect(proxy("https://127.0.0.1:3129")?.credentials?.username == "proxy")
    }

    @Test("a socks5:// proxy is SOCKS; socks5h:// is SOCKS that sends names; an HTTP proxy is neither")
    func socksKinds() {
        #expect(proxy("socks5://127.0.0.1:1080")?.scheme == .socks5)
        #expect(proxy("socks5h://127.0.0.1:1080")?.scheme == .socks5h)
        #expect(proxy("socks5h://127.0.0.1:1080")?.port == 1080)
        #expect(proxy("socks5h://127.0.0.1:1080")?.usesTLS == false)
        #expect(proxy("http://127.0.0.1:3128")?.scheme == .http)
        #expect(proxy("https://127.0.0.1:3129")?.scheme == .https)
    }

    @Test("the scheme is read case-insensitively: SOCKS5H is socks5h; an https:// proxy on 1080 is still HTTPS")
    func schemeCase() {
        #expect(proxy("SOCKS5H://127.0.0.1:1080")?.scheme == .socks5h)
        #expect(proxy("https://127.0.0.1:1080")?.scheme == .https)
    }

    @Test("without a port, an https:// proxy is on 443, an http:// one on 80 and a SOCKS one on 1080")
    func defaults() {
        #expect(proxy("https://proxy.mockauth.test")?.port == 443)
        #expect(proxy("http://proxy.mockauth.test")?.port == 80)
        #expect(proxy("socks5://proxy.mockauth.test")?.port == 1080)
        #expect(proxy("socks5h://proxy.mockauth.test")?.port == 1080)
    }

    @Test("socks5:// and socks5h:// are SOCKS proxies, reached without TLS, the scheme kept")
    func socks() {
        #expect(proxy("socks5://127.0.0.1:1080")?.scheme == .socks5)
        #expect(proxy("SOCKS5H://127.0.0.1:1080")?.scheme == .socks5h)
        #expect(proxy("socks5://127.0.0.1:1080")?.usesTLS == false)
        #expect(proxy("https://127.0.0.1:1080")?.scheme == .https)
    }

    @Test("a proxy URL of another scheme, or without a host, is no proxy; read from the environment, an error")
    func unreadable() throws {
        #expect(proxy("ftp://127.0.0.1:21") == nil)
        #expect(proxy("socks4://127.0.0.1:1080") == nil)
        let environment = [
            ClientVariable.url.name: "https://127.0.0.1:8443/", ClientVariable.proxyURL.name: "socks4://127.0.0.1:1080",
        ]
        #expect(throws: ClientContextError.self) { try ClientContext(environment: environment) }
        var readable = environment
        readable[ClientVariable.proxyURL.name] = "socks5h://127.0.0.1:1080"
        #expect(try ClientContext(environment: readable).proxy?.scheme == .socks5h)
    }

    @Test(
        "a view over its material: the context's properties follow the material; one with a field of its own writes through"
    )
    func view() {
        var context = ClientContext(ClientMaterial(scenario: "view", urls: ["https://a.test:8443/"]))
        #expect(context.proxy == nil && context.method == "GET" && context.trustAnchorsDER.isEmpty)
        context.material.proxy = ClientMaterial.Proxy(
            url: "socks5h://127.0.0.1:1081", credentials: Account(username: "proxy", password: "p"))
        context.material.method = "POST"
        context.material.body = "x=1"
        #expect(context.proxy?.scheme == .socks5h && context.proxy?.port == 1081)
        #expect(context.method == "POST" && context.body == Array("x=1".utf8))
        context.token = "t"
        context.urls = ["https://b.test:8443/"]
        context.proxy?.credentials = nil
        #expect(context.material.token == "t" && context.material.urls == ["https://b.test:8443/"])
        #expect(context.material.proxy == ClientMaterial.Proxy(url: "socks5h://127.0.0.1:1081"))
    }
}
