import Foundation
import Testing

@testable import MockAuthSchemes

@Suite struct AuthSchemeNameTests {
    @Test func caseInsensitiveEquality() {
        #expect(AuthSchemeName("DIGEST") == .digest)
        #expect(Set([AuthSchemeName("ntlm"), .ntlm]).count == 1)
    }

    @Test func strengthOrder() {
        let sorted = AuthSchemeName.strongestFirst([.bearer, .basic, .digest, .negotiate, .ntlm])
        #expect(sorted == [.negotiate, .ntlm, .digest, .basic, .bearer])
        #expect(AuthSchemeName.bearer.strength == nil)
    }

    @Test func codableAsString() throws {
        let data = try JSONEncoder().encode([AuthSchemeName.negotiate])
        #expect(String(decoding: data, as: UTF8.self) == #"["Negotiate"]"#)
        #expect(try JSONDecoder().decode([AuthSchemeName].self, from: data) == [.negotiate])
    }
}
