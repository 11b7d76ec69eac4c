import MockAuthTranscript
import MockAuthVocabulary

extension RequestRecord {
    /// Whether the request carried the field `header`, or with `cookie`, a `Cookie` field (any of
    /// them: HTTP/2 clients send one per cookie) holding a cookie of that name: what `receives` and
    /// `never-receives` look for.
    func carries(_ header: String, cookie: String?) -> Bool {
        guard let cookie else { return !values(of: header).isEmpty }
        return values(of: "Cookie").contains { CookieSyntax.names(inCookieField: $0).contains(cookie) }
    }
}

/// How a verdict names what `receives` and `never-receives` look for: the field, or one cookie
/// ("cookie sid"); never a value.
func fieldWording(_ header: String, cookie: String?) -> String {
    cookie.map { "cookie \($0)" } ?? header
}
