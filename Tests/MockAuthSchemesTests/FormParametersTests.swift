import Testing

@testable import MockAuthSchemes

@Suite("application/x-www-form-urlencoded, as a token endpoint reads it")
struct FormParametersTests {
    @Test("pairs in order, + as space, percent-escapes decoded")
    func decodes() throws {
        let form = try FormParameters.parse(Array("grant_type=refresh_token&scope=a+b&x=%E2%9C%93&flag&=v&&".utf8))
            .get()
        #expect(form.pairs.map(\.name) == ["grant_type", "scope", "x", "flag", ""])
        #expect(form["scope"] == "a b")
        #expect(form["x"] == "✓")
        #expect(form["flag"] == "")
        #expect(form.repeatedName == nil)
    }

    @Test("bad escapes, non-UTF-8, too many pairs and too many bytes are refused, never a crash")
    func refuses() {
        for body in ["a=%", "a=%4", "a=%G0", "a=%FF", "%C3=1"] {
            #expect((try? FormParameters.parse(Array(body.utf8)).get()) == nil, "\(body)")
        }
        let many = (0...FormParameters.maximumParameters).map { "p\($0)=1" }.joined(separator: "&")
        #expect((try? FormParameters.parse(Array(many.utf8)).get()) == nil)
        #expect(
            (try? FormParameters.parse([UInt8](repeating: 0x61, count: FormParameters.maximumBytes + 1)).get()) == nil)
    }

    @Test("a repeated parameter is named")
    func repeated() throws {
        #expect(try FormParameters.parse(Array("a=1&b=2&a=3".utf8)).get().repeatedName == "a")
    }
}
