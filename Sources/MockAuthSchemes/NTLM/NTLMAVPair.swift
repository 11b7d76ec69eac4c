import Foundation

/// One AV_PAIR of a target info list (MS-NLMP §2.2.2.1).
package struct NTLMAVPair: Sendable, Equatable {
    /// The AvId.
    package var id: UInt16
    /// The raw value bytes.
    package var value: [UInt8]

    /// Creates a pair.
    package init(id: UInt16, value: [UInt8]) {
        self.id = id
        self.value = value
    }

    /// MsvAvEOL.
    package static let endOfList: UInt16 = 0
    /// MsvAvNbComputerName.
    package static let nbComputerName: UInt16 = 1
    /// MsvAvNbDomainName.
    package static let nbDomainName: UInt16 = 2
    /// MsvAvDnsComputerName.
    package static let dnsComputerName: UInt16 = 3
    /// MsvAvDnsDomainName.
    package static let dnsDomainName: UInt16 = 4
    /// MsvAvDnsTreeName.
    package static let dnsTreeName: UInt16 = 5
    /// MsvAvFlags.
    package static let flags: UInt16 = 6
    /// MsvAvTimestamp (FILETIME).
    package static let timestamp: UInt16 = 7

    /// A pair holding a UTF-16LE string.
    package static func string(_ id: UInt16, _ text: String) -> NTLMAVPair {
        NTLMAVPair(id: id, value: NTLMStrings.utf16LE(text))
    }

    /// A MsvAvTimestamp pair for `date`.
    package static func timestamp(_ date: Date) -> NTLMAVPair {
        var value: [UInt8] = []
        value.appendLittleEndian(NTLMStrings.fileTime(date))
        return NTLMAVPair(id: timestamp, value: value)
    }

    /// The value decoded as UTF-16LE, `nil` when its length is odd.
    package var stringValue: String? {
        value.count % 2 == 0 ? NTLMStrings.decodeUTF16LE(value) : nil
    }

    /// Encodes pairs followed by MsvAvEOL.
    package static func encode(_ pairs: [NTLMAVPair]) -> [UInt8] {
        var out: [UInt8] = []
        for pair in pairs where pair.id != endOfList {
            out.appendLittleEndian(pair.id)
            out.appendLittleEndian(UInt16(truncatingIfNeeded: min(pair.value.count, Int(UInt16.max))))
            out += pair.value.prefix(Int(UInt16.max))
        }
        out += [0, 0, 0, 0]
        return out
    }

    /// Parses pairs up to MsvAvEOL; throws when a pair runs past the buffer or the list is not terminated.
    package static func parse(_ bytes: [UInt8]) throws(NTLMParseError) -> [NTLMAVPair] {
        var reader = ByteReader(bytes)
        var pairs: [NTLMAVPair] = []
        while true {
            guard let id = reader.readUInt16LE(), let length = reader.readUInt16LE() else {
                throw NTLMParseError(reason: "target info is not terminated by MsvAvEOL")
            }
            if id == endOfList { return pairs }
            guard let value = reader.readBytes(Int(length)) else {
                throw NTLMParseError(reason: "AV pair \(id) runs past the end of the target info")
            }
            pairs.append(NTLMAVPair(id: id, value: value))
        }
    }
}

/// String encodings used by NTLM.
enum NTLMStrings {
    static func utf16LE(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for unit in text.utf16 { out.appendLittleEndian(unit) }
        return out
    }

    /// Decodes UTF-16LE (an odd trailing byte is ignored; bad surrogates become U+FFFD).
    static func decodeUTF16LE(_ bytes: [UInt8]) -> String {
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }

    /// OEM strings are read as ISO-8859-1.
    static func decodeOEM(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Uppercases per Unicode scalar, keeping scalars whose uppercase is not a single scalar (like Windows).
    static func uppercased(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let mapped = scalar.properties.uppercaseMapping.unicodeScalars
            if mapped.count == 1, let single = mapped.first { scalars.append(single) } else { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// 100-nanosecond intervals since 1601-01-01 UTC; 0 before that.
    static func fileTime(_ date: Date) -> UInt64 {
        let seconds = date.timeIntervalSince1970 + 11_644_473_600
        guard seconds > 0, seconds < 1.8e12 else { return 0 }
        return UInt64(seconds * 10_000_000)
    }
}
