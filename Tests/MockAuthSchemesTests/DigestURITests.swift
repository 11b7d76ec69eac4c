import Testing

@testable import MockAuthSchemes

@Suite("Digest uri against the request-target")
struct DigestURITests {
    @Test(arguments: [
        ("/dir/index.html", "/dir/index.html", true),
        ("/", "http://127.0.0.1:8080/", true),
        ("/a?b=1", "http://127.0.0.1:8080/a?b=1", true),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/a", true),
        ("/", "http://127.0.0.1:8080", true),
        ("/other", "http://127.0.0.1:8080/a", false),
        ("/a", "/b", false),
        ("http://evil.example/a", "http://127.0.0.1:8080/a", false),
    ])
    func sameResource(uri: String, target: String, same: Bool) {
        #expect(DigestURI.denotesSameResource(uri, target) == same)
    }
}
