import Foundation
import MockAuth

/// The bearer token every control request carries. Random per `serve` unless read from a file;
/// compared in constant time; never printed (its description is redacted).
public struct ControlToken: Sendable, CustomStringConvertible {
    /// The token itself: only for the endpoints file (written 0600) and the token file.
    package let secret: String

    /// A token of 32 random bytes, base64url (43 characters).
    public static func random() -> ControlToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return ControlToken(unchecked: base64)
    }

    /// The token in `path` (surrounding white space ignored).
    ///
    /// - Throws: ``HarnessError`` when the file cannot be read, or the token is shorter than 16
    ///   characters or holds characters a header value cannot carry.
    public init(contentsOf path: String) throws {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw HarnessError("cannot read the control token file \(path): \(error.localizedDescription)")
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= 16 else {
            throw HarnessError("the control token in \(path) is too short: use at least 16 characters")
        }
        guard token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw HarnessError("the control token in \(path) must be printable ASCII without spaces")
        }
        self.init(unchecked: token)
    }

    private init(unchecked secret: String) {
        self.secret = secret
    }

    /// Whether `authorization` (an `Authorization` header value) is `Bearer` with this token. The
    /// comparison takes the same time wherever the first difference is.
    package func authorizes(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let given = Array(parts[1].trimmingCharacters(in: .whitespaces).utf8)
        let expected = Array(secret.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    public var description: String { "ControlToken(redacted)" }
}
