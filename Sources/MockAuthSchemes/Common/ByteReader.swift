/// Bounds-checked little-endian reads over a byte array; every read returns `nil` instead of trapping.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { max(0, bytes.count - offset) }

    mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard let slice = Self.slice(bytes, offset: offset, length: count) else { return nil }
        offset += count
        return slice
    }

    mutating func readUInt16LE() -> UInt16? {
        guard let raw = readBytes(2) else { return nil }
        return UInt16(raw[0]) | UInt16(raw[1]) << 8
    }

    mutating func readUInt32LE() -> UInt32? {
        guard let raw = readBytes(4) else { return nil }
        return raw.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    mutating func readUInt64LE() -> UInt64? {
        guard let raw = readBytes(8) else { return nil }
        return raw.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// `bytes[offset..<offset+length]` when it lies entirely inside `bytes`, else `nil` (overflow-safe).
    static func slice(_ bytes: [UInt8], offset: Int, length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else { return nil }
        return Array(bytes[offset..<(offset + length)])
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
