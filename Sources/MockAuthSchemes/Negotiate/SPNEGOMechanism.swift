/// A GSS-API mechanism OID, kept as its DER content bytes.
package struct SPNEGOMechanism: Sendable, Hashable, CustomStringConvertible {
    /// The OID's DER content (without tag and length).
    package var oidBytes: [UInt8]

    /// Creates a mechanism from DER content bytes.
    package init(oidBytes: [UInt8]) {
        self.oidBytes = oidBytes
    }

    /// SPNEGO itself, 1.3.6.1.5.5.2.
    package static let spnego = SPNEGOMechanism(oidBytes: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x02])
    /// NTLMSSP, 1.3.6.1.4.1.311.2.2.10.
    package static let ntlmssp = SPNEGOMechanism(oidBytes: [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x02, 0x0A])
    /// Kerberos 5, 1.2.840.113554.1.2.2.
    package static let kerberos5 = SPNEGOMechanism(oidBytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x12, 0x01, 0x02, 0x02])
    /// Microsoft's legacy Kerberos 5 OID, 1.2.840.48018.1.2.2.
    package static let microsoftKerberos5 = SPNEGOMechanism(oidBytes: [
        0x2A, 0x86, 0x48, 0x82, 0xF7, 0x12, 0x01, 0x02, 0x02,
    ])
    /// Kerberos user-to-user, 1.2.840.113554.1.2.2.3.
    package static let kerberos5UserToUser = SPNEGOMechanism(
        oidBytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x12, 0x01, 0x02, 0x02, 0x03])
    /// NEGOEX, 1.3.6.1.4.1.311.2.2.30.
    package static let negoex = SPNEGOMechanism(oidBytes: [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x02, 0x1E])

    /// Whether this is one of the Kerberos OIDs.
    package var isKerberos: Bool {
        self == .kerberos5 || self == .microsoftKerberos5 || self == .kerberos5UserToUser
    }

    /// Dotted notation, e.g. `1.3.6.1.4.1.311.2.2.10`.
    package var description: String {
        guard let first = oidBytes.first else { return "(empty OID)" }
        var arcs = [UInt64(min(first / 40, 2)), UInt64(first) - UInt64(min(first / 40, 2)) * 40]
        var value: UInt64 = 0
        for byte in oidBytes.dropFirst() {
            guard value < (1 << 56) else { return "(oversized OID)" }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
        }
        return arcs.map(String.init).joined(separator: ".")
    }
}
