/// The one TLS version a protocol profile's server speaks: a version RFC 8996 deprecates
/// (`tls10-only`, `tls11-only`: a correct client refuses it), or the newest (`tls13-only`: a correct
/// client connects). The raw value is the name verdicts and docs use.
package enum TLSProtocolVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case tls10 = "TLS 1.0"
    case tls11 = "TLS 1.1"
    case tls13 = "TLS 1.3"

    /// Whether RFC 8996 deprecates the version, so that a correct client refuses a server of it alone.
    package var isDeprecated: Bool {
        switch self {
        case .tls10, .tls11: true
        case .tls13: false
        }
    }

    package var description: String { rawValue }
}
