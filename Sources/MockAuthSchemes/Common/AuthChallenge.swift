import MockAuthVocabulary

/// One `name=value` auth-param (RFC 9110 §11.2).
package struct AuthParameter: Sendable, Equatable {
    /// The parameter name as sent; compare it case-insensitively.
    package var name: String
    /// The value, with quoted-string escapes removed.
    package var value: String
    /// Whether the value was (or, when rendering, will be) a quoted-string.
    package var isQuoted: Bool

    /// Creates a parameter; `isQuoted` controls rendering.
    package init(name: String, value: String, isQuoted: Bool = true) {
        self.name = name
        self.value = value
        self.isQuoted = isQuoted
    }

    /// Renders `name=value` or `name="value"`, escaping `"` and `\`.
    package var rendered: String {
        guard isQuoted else { return "\(name)=\(value)" }
        var escaped = ""
        for character in value {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\(name)=\"\(escaped)\""
    }
}

/// One challenge (`WWW-Authenticate`) or credentials (`Authorization`) item: a scheme followed by either a
/// token68 or a list of auth-params (RFC 9110 §11.3, §11.4 share this grammar).
package struct AuthChallenge: Sendable, Equatable, CustomStringConvertible {
    /// The auth-scheme token as sent.
    package var scheme: String
    /// The token68, when that form was used.
    package var token68: String?
    /// The auth-params in order, when that form was used.
    package var parameters: [AuthParameter]

    /// Creates an item.
    package init(scheme: String, token68: String? = nil, parameters: [AuthParameter] = []) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// The scheme, when it is one MockAuth speaks (tokens compare case-insensitively).
    package var schemeName: HTTPAuthScheme? { HTTPAuthScheme(token: scheme) }

    /// The value of the first parameter called `name` (case-insensitive), if present.
    package func parameter(_ name: String) -> String? {
        let wanted = name.lowercased()
        return parameters.first { $0.name.lowercased() == wanted }?.value
    }

    /// The header value, e.g. `Digest realm="a", algorithm=MD5` or `Negotiate YIIB…`.
    package var description: String {
        if let token68 {
            return "\(scheme) \(token68)"
        }
        if parameters.isEmpty {
            return scheme
        }
        return scheme + " " + parameters.map(\.rendered).joined(separator: ", ")
    }
}

/// Credentials share the challenge grammar (RFC 9110 §11.4): `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`.
package typealias AuthCredentialsValue = AuthChallenge

/// Why a header value could not be parsed.
package struct AuthParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    package var reason: String
    /// The byte offset (in UTF-8) where the problem was found.
    package var offset: Int

    /// Creates an error.
    package init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// `reason (at byte N)`.
    package var description: String { "\(reason) (at byte \(offset))" }
}
