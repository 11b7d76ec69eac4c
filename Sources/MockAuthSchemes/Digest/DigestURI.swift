/// The `uri` a Digest client sends, compared with the request-target (RFC 7616 section 3.4.6).
enum DigestURI {
    /// Whether the client's `uri` and the request-target denote the same resource: equal, or the
    /// origin-form of an absolute-form target (clients talking to a proxy often hash the path only,
    /// `uri="/"` for `GET http://host/`). The response is always hashed over the client's `uri`.
    static func denotesSameResource(_ uri: String, _ target: String) -> Bool {
        if uri == target { return true }
        // An absolute uri must equal the target exactly; an origin-form one may stand for it.
        guard let origin = originForm(of: target), originForm(of: uri) == nil else { return false }
        return uri == origin
    }

    /// `/path?query` of an absolute-form `http://host:port/path?query` target, or `nil`.
    static func originForm(of target: String) -> String? {
        guard let schemeEnd = target.range(of: "://") else { return nil }
        let afterAuthority = target[schemeEnd.upperBound...]
        guard let slash = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = String(afterAuthority[slash...])
        return rest.hasPrefix("?") ? "/" + rest : rest
    }
}
