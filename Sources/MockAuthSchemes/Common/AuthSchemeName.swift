/// The name of an HTTP authentication scheme (RFC 9110 §11.1), compared case-insensitively.
///
/// `AuthSchemeName("digest") == .digest` holds; `rawValue` keeps the spelling it was created with.
public struct AuthSchemeName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The scheme name as spelled when created (e.g. `"Digest"`).
    public var rawValue: String

    /// Creates a scheme name from its token.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// `Basic` (RFC 7617).
    public static let basic = AuthSchemeName("Basic")
    /// `Digest` (RFC 7616).
    public static let digest = AuthSchemeName("Digest")
    /// `NTLM` (MS-NLMP over HTTP).
    public static let ntlm = AuthSchemeName("NTLM")
    /// `Negotiate` (RFC 4559, SPNEGO).
    public static let negotiate = AuthSchemeName("Negotiate")
    /// `Bearer` (RFC 6750).
    public static let bearer = AuthSchemeName("Bearer")

    /// The scheme name lowercased, used for comparisons.
    public var normalized: String { rawValue.lowercased() }

    /// Relative strength used to order challenges: Negotiate (4) > NTLM (3) > Digest (2) > Basic (1).
    ///
    /// `nil` for Bearer (token auth is not comparable with password schemes) and for unknown schemes.
    public var strength: Int? {
        switch normalized {
        case "negotiate": return 4
        case "ntlm": return 3
        case "digest": return 2
        case "basic": return 1
        default: return nil
        }
    }

    /// Returns `names` sorted strongest first (stable); schemes without a strength keep their order at the end.
    public static func strongestFirst(_ names: [AuthSchemeName]) -> [AuthSchemeName] {
        let ranked = names.enumerated().map { (offset: $0.offset, name: $0.element, strength: $0.element.strength) }
        return ranked.sorted { lhs, rhs in
            switch (lhs.strength, rhs.strength) {
            case (.some(let l), .some(let r)): return l != r ? l > r : lhs.offset < rhs.offset
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return lhs.offset < rhs.offset
            }
        }.map(\.name)
    }

    /// Case-insensitive equality.
    public static func == (lhs: AuthSchemeName, rhs: AuthSchemeName) -> Bool {
        lhs.normalized == rhs.normalized
    }

    /// Hashes the lowercased name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(normalized)
    }

    /// Decodes from a single string value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.rawValue = try container.decode(String.self)
    }

    /// Encodes as a single string value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The scheme name as spelled.
    public var description: String { rawValue }
}
