import Foundation
import MockAuthTranscript
import MockAuthVocabulary
import NIOHTTP1

extension HTTPHeaders {
    /// Bytes of one header value a transcript keeps; the rest is replaced by a note of its length.
    static let recordedValueLimit = 4096

    /// The header lines as a transcript keeps them: the first
    /// ``RequestHeadLimits/maximumFieldCount`` (a head with more is refused), each value cut at
    /// ``recordedValueLimit`` bytes, so that a client sending huge heads cannot make the transcript
    /// grow without bound.
    var recorded: [HeaderField] {
        prefix(RequestHeadLimits.maximumFieldCount).map { name, value in
            let bytes = value.utf8.count
            guard bytes > Self.recordedValueLimit else { return HeaderField(name: name, value: value) }
            let kept = String(decoding: value.utf8.prefix(Self.recordedValueLimit), as: UTF8.self)
            // An ASCII marker: a non-ASCII one would make every hash of the record (folding) normalize
            // the 4 KiB value to NFC.
            return HeaderField(name: name, value: kept + "...(\(bytes) bytes in all)")
        }
    }

    /// Whether these lines are `other`'s, name and value byte for byte, in the same order (not
    /// `==`: that ignores order, and compares strings by Unicode equivalence): then their
    /// ``recorded`` forms are the same.
    func isByteForByte(_ other: HTTPHeaders) -> Bool {
        guard count == other.count else { return false }
        for (line, otherLine) in zip(self, other) {
            guard line.name.hasSameUTF8(as: otherLine.name), line.value.hasSameUTF8(as: otherLine.value) else {
                return false
            }
        }
        return true
    }
}

extension String {
    /// Whether `other` is this string's UTF-8, byte for byte (not `==`, which compares by Unicode
    /// canonical equivalence).
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }
                return memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
    }
}
