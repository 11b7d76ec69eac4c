/// One DER TLV with a single-byte tag.
struct DERElement: Equatable {
    var tag: UInt8
    var content: [UInt8]
}

/// A minimal bounds-checked DER reader: single-byte tags, definite lengths up to 4 length bytes.
struct DERReader {
    private let bytes: [UInt8]
    private var index: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = 0
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// Bytes not yet read.
    var rest: [UInt8] { index < bytes.count ? Array(bytes[index...]) : [] }

    mutating func readElement() throws(SPNEGOParseError) -> DERElement {
        guard index < bytes.count else { throw SPNEGOParseError(reason: "DER element expected, data ended") }
        let tag = bytes[index]
        guard tag & 0x1F != 0x1F else { throw SPNEGOParseError(reason: "multi-byte DER tags are not supported") }
        index += 1
        guard index < bytes.count else { throw SPNEGOParseError(reason: "DER length missing") }
        let first = bytes[index]
        index += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count >= 1, count <= 4 else { throw SPNEGOParseError(reason: "unsupported DER length form") }
            guard count <= bytes.count - index else { throw SPNEGOParseError(reason: "DER length truncated") }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard let content = ByteReader.slice(bytes, offset: index, length: length) else {
            throw SPNEGOParseError(reason: "DER element (tag 0x\(String(tag, radix: 16)), \(length) bytes) overruns")
        }
        index += length
        return DERElement(tag: tag, content: content)
    }

    /// Reads an element and checks its tag.
    mutating func readElement(tag: UInt8, _ what: String) throws(SPNEGOParseError) -> [UInt8] {
        let element = try readElement()
        guard element.tag == tag else {
            throw SPNEGOParseError(
                reason: "expected \(what) (tag 0x\(String(tag, radix: 16))), found 0x\(String(element.tag, radix: 16))")
        }
        return element.content
    }
}

/// DER encoding helpers.
enum DERWriter {
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}

/// Why a Negotiate token could not be parsed.
package struct SPNEGOParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    package var reason: String

    /// Creates an error.
    package init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    package var description: String { reason }
}
