/// What the Digest machine mints per challenge, as a written challenge (``AuthSpec/writtenChallenges``)
/// names it: `nonce="{nonce}"`, `opaque="{opaque}"`.
package enum WrittenChallengePlaceholder: String, Sendable, CaseIterable {
    /// The nonce the Digest machine minted for this challenge.
    case nonce
    /// The `opaque` issued with that nonce.
    case opaque

    /// The placeholder as written: `{nonce}`.
    package var written: String { "{\(rawValue)}" }

    /// Every `{name}` in `text` (a name is lower-case ASCII letters, digits and `-`), known or not.
    package static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let (range, name) = next(in: rest) {
            names.append(name)
            rest = rest[range.upperBound...]
        }
        return names
    }

    /// `text` with each known placeholder replaced by its value in `values` (by the empty string
    /// when it has none), in one pass, so that a value is never read as a placeholder itself.
    package static func fill(_ text: String, with values: [WrittenChallengePlaceholder: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let (range, name) = next(in: rest) {
            result += rest[..<range.lowerBound]
            if let placeholder = WrittenChallengePlaceholder(rawValue: name) {
                result += values[placeholder] ?? ""
            } else {
                result += rest[range]
            }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    private static func next(in text: Substring) -> (range: Range<Substring.Index>, name: String)? {
        var start = text.startIndex
        while let open = text[start...].firstIndex(of: "{") {
            let afterOpen = text.index(after: open)
            let name = text[afterOpen...].prefix { character in
                character.isASCII && (character.isLowercase || character.isNumber || character == "-")
            }
            if !name.isEmpty, name.endIndex < text.endIndex, text[name.endIndex] == "}" {
                return (open..<text.index(after: name.endIndex), String(name))
            }
            start = afterOpen
        }
        return nil
    }
}

extension AuthSpec {
    /// Whether the Digest machine mints an `opaque` with each nonce: always with its own challenges;
    /// with written ones only when they carry `{opaque}` (a client cannot echo one it never saw).
    package var mintsDigestOpaque: Bool {
        writtenChallenges.isEmpty
            || writtenChallenges.contains { WrittenChallengePlaceholder.names(in: $0).contains("opaque") }
    }
}
