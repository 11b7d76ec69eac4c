/// Why a SecureFetch request failed.
///
/// Compare errors by ``code``; ``reason`` says what happened in words and ``underlying`` keeps the
/// error of the layer below (NIOSSL, AsyncHTTPClient), when there is one.
///
/// ```swift
/// do {
///     _ = try await client.get("https://example.org/")
/// } catch let error as SecureFetchError where error.code == .pinMismatch {
///     // the server presented a key this client does not pin
/// }
/// ```
public struct SecureFetchError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added; match the ones you handle.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// A URL could not be parsed, or has no host.
        public static let invalidURL = Code("invalidURL")
        /// A PEM certificate, key or pin in the configuration could not be read.
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// The TLS handshake or the connection failed (an untrusted, expired or misnamed certificate …).
        public static let connectionFailed = Code("connectionFailed")
        /// The server's chain verified, but its leaf matched none of the configured pins.
        public static let pinMismatch = Code("pinMismatch")
        /// More redirects than ``SecureFetchConfiguration/maximumRedirects``.
        public static let tooManyRedirects = Code("tooManyRedirects")
        /// A redirect without a usable `Location`, or to a URL that is not `http` or `https`.
        public static let invalidRedirect = Code("invalidRedirect")
        /// The response body was larger than ``SecureFetchConfiguration/maximumBodySize``.
        public static let responseTooLarge = Code("responseTooLarge")

        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What happened, as a sentence.
    public let reason: String
    /// The error of the layer below, if any.
    public let underlying: (any Error)?

    init(_ code: Code, _ reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }

    public var description: String {
        guard let underlying else { return "\(code): \(reason)" }
        return "\(code): \(reason) (\(underlying))"
    }
}
