import Foundation

/// Strict base64 (RFC 4648 §4, with padding) used for token68 payloads.
enum Base64 {
    /// Decodes strictly: no whitespace, no URL alphabet, correct padding; `nil` otherwise.
    static func decode(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count % 4 == 0 else { return nil }
        guard let data = Data(base64Encoded: text) else { return nil }
        return Array(data)
    }

    /// Encodes with padding.
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
