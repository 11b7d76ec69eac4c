import Foundation
import SwiftASN1
import X509

extension GeneralName {
    /// The subjectAltName entry that makes a certificate valid for `name`: an iPAddress for an IPv4
    /// or IPv6 literal (`192.168.1.20`, `fe80::1`, with or without brackets), else a dNSName
    /// (lower-cased, as names are compared case-insensitively).
    static func forHost(_ name: String) -> GeneralName {
        if let bytes = IPAddressLiteral.bytes(of: name) {
            return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
        }
        return .dnsName(name.lowercased())
    }
}

/// Parses IP address literals into network-order bytes, without the system resolver (the PKI links
/// no system library and runs on every platform).
package enum IPAddressLiteral {
    /// The 4 bytes of a dotted-quad IPv4 literal or the 16 bytes of an IPv6 literal (RFC 4291
    /// text forms: `::` compression, an embedded IPv4 tail; no zone index; in URL brackets or not),
    /// or `nil`.
    package static func bytes(of text: String) -> [UInt8]? {
        let text = text.hasPrefix("[") && text.hasSuffix("]") ? text.dropFirst().dropLast() : Substring(text)
        return text.contains(":") ? ipv6(text) : ipv4(text)
    }

    private static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func ipv6(_ text: Substring) -> [UInt8]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        guard let head = groups(Substring(halves[0]), last: halves.count == 1) else { return nil }
        guard halves.count == 2 else { return head.count == 16 ? head : nil }
        guard let tail = groups(Substring(halves[1]), last: true), head.count + tail.count <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    /// The bytes of colon-separated hex groups; the last group of the address may be an IPv4 literal.
    private static func groups(_ text: Substring, last: Bool) -> [UInt8]? {
        guard !text.isEmpty else { return [] }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if last, index == parts.count - 1, part.contains(".") {
                guard let tail = ipv4(part) else { return nil }
                bytes += tail
            } else {
                guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let value = UInt16(part, radix: 16)
                else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        }
        return bytes.count <= 16 ? bytes : nil
    }
}
