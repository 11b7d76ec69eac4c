/// A TLS version RFC 8996 deprecates: the one version a protocol profile's server speaks
/// (the protocol profiles, `tls10-only` and `tls11-only`). The raw value is the name verdicts and docs use.
package enum DeprecatedTLSVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case tls10 = "TLS 1.0"
    case tls11 = "TLS 1.1"

    package var description: String { rawValue }
}
