import MockAuthVocabulary
import Testing

@Suite("A request-target's path, in origin-form and absolute-form (RFC 9112 §3.2)")
struct RequestTargetTests {
    @Test(
        "the path a target names",
        arguments: [
            ("/", "/"),
            ("/one?x=1", "/one"),
            ("/next?to=http://elsewhere.test/page", "/next"),
            ("http://intranet.test:8080/one?x=1", "/one"),
            ("HTTPS://intranet.test/a/b", "/a/b"),
            ("http://intranet.test:8080", "/"),
            ("http://intranet.test:8080?x=1", "/"),
            ("http://[::1]:8080/v6#fragment", "/v6"),
            ("*", "*"),
            ("intranet.test:443", "intranet.test:443"),
            ("1http://x/a", "1http://x/a"),
            ("", ""),
        ])
    func path(target: String, path: String) {
        #expect(RequestTarget.path(of: target) == path)
    }

    @Test("the origin-form of an absolute-form target; nil for any other form")
    func originForm() {
        #expect(RequestTarget.originForm(ofAbsolute: "http://h:1/a?b=1#c") == "/a?b=1")
        #expect(RequestTarget.originForm(ofAbsolute: "http://h:1?b=1") == "/?b=1")
        #expect(RequestTarget.originForm(ofAbsolute: "/a?next=http://h/") == nil)
        #expect(RequestTarget.originForm(ofAbsolute: "h:1") == nil)
    }
}
