import Foundation
import MockAuthTranscript
import MockAuthVocabulary
import NIOHTTP1

extension HTTPHeaders {
    /// The header lines as a transcript keeps them: the first
    /// ``RequestHeadLimits/maximumFieldCount`` (a head with more is refused), each cut to
    /// ``TranscriptLimits`` (a value at ``TranscriptLimits/headerValueBytes`` bytes, a name at
    /// ``TranscriptLimits/valueBytes``), so that a client sending huge heads cannot make the
    /// transcript grow without bound.
    var recorded: [HeaderField] {
        prefix(RequestHeadLimits.maximumFieldCount).map { name, value in
            HeaderField(name: name, value: value).withinTranscriptLimits
        }
    }

    /// Whether these lines are `other`'s, name and value byte for byte, in the same order (not
    /// `==`: that ignores order, and compares strings by Unicode equivalence): then their
    /// ``recorded`` forms are the same.
    func isByteForByte(_ other: HTTPHeaders) -> Bool {
        guard count == other.count else { return false }
        // By index, not through iterators: each would hold a copy of its lines.
        var index = startIndex
        var otherIndex = other.startIndex
        while index != endIndex {
            let line = self[index]
            let otherLine = other[otherIndex]
            guard line.name.hasSameUTF8(as: otherLine.name), line.value.hasSameUTF8(as: otherLine.value) else {
                return false
            }
            formIndex(after: &index)
            other.formIndex(after: &otherIndex)
        }
        return true
    }
}

extension String {
    /// Whether `other` is this string's UTF-8, byte for byte (not `==`, which compares by Unicode
    /// canonical equivalence).
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // In place, without copying either string (`withUTF8` is mutating); a string without
        // contiguous UTF-8 (bridged) is compared byte by byte.
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }
                return memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
        if case let same?? = compared { return same }
        return utf8.elementsEqual(other.utf8)
    }
}
