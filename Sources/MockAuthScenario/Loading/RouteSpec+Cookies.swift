import MockAuthVocabulary

extension RouteSpec {
    /// Reads a route's `set-cookies`: a list of `Set-Cookie` field values as written. Each must be
    /// sendable as a field value and open with a cookie-pair `name=value` whose name is a token
    /// (RFC 6265bis §4.1.1); the attributes after it (`Secure`, `Domain=test` …) are the
    /// scenario's to choose, a client's to judge.
    static func readCookies(_ route: inout YAMLMapping) throws(ScenarioError) -> [String] {
        guard let cookies = try route.strings("set-cookies") else { return [] }
        let location = route.location(of: "set-cookies")
        for cookie in cookies {
            guard HTTPFieldSyntax.isFieldValue(cookie) else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "the cookie '\(cookie)' cannot be sent in a Set-Cookie field: no line breaks, control characters, or spaces at either end"
                )
            }
            guard CookieSyntax.name(ofSetCookie: cookie) != nil else {
                throw ScenarioError(
                    .invalidValue, at: location, "'\(cookie)' does not open with a cookie-pair name=value",
                    hint: "set-cookies: [\"sid=4f2a; Secure; HttpOnly\"]")
            }
        }
        return cookies
    }
}
