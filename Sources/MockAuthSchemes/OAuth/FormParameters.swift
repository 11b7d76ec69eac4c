/// The parameters of an `application/x-www-form-urlencoded` body (the URL Standard's
/// "application/x-www-form-urlencoded parsing", which RFC 6749 §3.2 uses for token requests):
/// `name=value` pairs separated by `&`, `+` for a space, `%XX` for a byte, each name and value UTF-8.
///
/// Bounded by the harness, never by the client: at most ``maximumBytes`` of body and
/// ``maximumParameters`` pairs; anything over them, or not UTF-8 once decoded, is refused with a
/// reason in words (the token endpoint answers `invalid_request`).
package struct FormParameters: Sendable, Equatable {
    /// The pairs, in order.
    package var pairs: [(name: String, value: String)]

    /// The most body bytes read: a token request is a few hundred.
    package static let maximumBytes = 8192
    /// The most pairs read: a token request has four or five.
    package static let maximumParameters = 32

    /// Why a body is not a form this parser reads.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// Parses `body`.
    package static func parse(_ body: [UInt8]) -> Result<FormParameters, ParseError> {
        guard body.count <= maximumBytes else {
            return .failure(ParseError(description: "the body has \(body.count) bytes, over \(maximumBytes)"))
        }
        var pairs: [(name: String, value: String)] = []
        for piece in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard pairs.count < maximumParameters else {
                return .failure(ParseError(description: "the body has more than \(maximumParameters) parameters"))
            }
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let rawName = piece[piece.startIndex..<(equals ?? piece.endIndex)]
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? []
            guard let name = decodeComponent(rawName), let value = decodeComponent(rawValue) else {
                return .failure(ParseError(description: "a parameter is not percent-encoded UTF-8"))
            }
            pairs.append((name, value))
        }
        return .success(FormParameters(pairs: pairs))
    }

    /// The value of the parameter called `name`, `nil` when it is absent; RFC 6749 §3.2 allows each
    /// at most once, which ``repeatedName`` checks.
    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The first name that appears more than once, if any.
    package var repeatedName: String? {
        var seen: Set<String> = []
        for pair in pairs where !seen.insert(pair.name).inserted { return pair.name }
        return nil
    }

    package static func == (lhs: FormParameters, rhs: FormParameters) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// One name or value decoded: `+` as a space, `%XX` as its byte; `nil` for a `%` not followed
    /// by two hex digits or bytes that are not UTF-8.
    package static func decodeComponent(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+"):
                out.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard bytes.endIndex - index >= 3, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            default:
                out.append(byte)
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
