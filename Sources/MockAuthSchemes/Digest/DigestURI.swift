import MockAuthVocabulary

/// The `uri` a Digest client sends, compared with the request-target (RFC 7616 section 3.4.6).
enum DigestURI {
    /// Whether the client's `uri` and the request-target denote the same resource: equal, or the
    /// origin-form of an absolute-form target (clients talking to a proxy often hash the path only,
    /// `uri="/"` for `GET http://host/`). The response is always hashed over the client's `uri`.
    static func denotesSameResource(_ uri: String, _ target: String) -> Bool {
        if uri == target { return true }
        // An absolute uri must equal the target exactly; an origin-form one may stand for it.
        guard let origin = RequestTarget.originForm(ofAbsolute: target),
            RequestTarget.originForm(ofAbsolute: uri) == nil
        else { return false }
        return uri == origin
    }
}
