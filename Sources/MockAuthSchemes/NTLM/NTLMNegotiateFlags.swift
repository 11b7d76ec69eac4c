/// NTLM NegotiateFlags (MS-NLMP §2.2.2.5).
package struct NTLMNegotiateFlags: OptionSet, Sendable, Hashable {
    /// The raw 32-bit little-endian value.
    package var rawValue: UInt32

    /// Creates flags from their raw value.
    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// NTLMSSP_NEGOTIATE_UNICODE (A): strings are UTF-16LE.
    package static let unicode = Self(rawValue: 0x0000_0001)
    /// NTLM_NEGOTIATE_OEM (B): strings are in the OEM code page.
    package static let oem = Self(rawValue: 0x0000_0002)
    /// NTLMSSP_REQUEST_TARGET (C).
    package static let requestTarget = Self(rawValue: 0x0000_0004)
    /// NTLMSSP_NEGOTIATE_SIGN (D).
    package static let sign = Self(rawValue: 0x0000_0010)
    /// NTLMSSP_NEGOTIATE_SEAL (E).
    package static let seal = Self(rawValue: 0x0000_0020)
    /// NTLMSSP_NEGOTIATE_LM_KEY (G).
    package static let lmKey = Self(rawValue: 0x0000_0080)
    /// NTLMSSP_NEGOTIATE_NTLM (H).
    package static let ntlm = Self(rawValue: 0x0000_0200)
    /// Anonymous connection (J).
    package static let anonymous = Self(rawValue: 0x0000_0800)
    /// NTLMSSP_NEGOTIATE_OEM_DOMAIN_SUPPLIED (K).
    package static let oemDomainSupplied = Self(rawValue: 0x0000_1000)
    /// NTLMSSP_NEGOTIATE_OEM_WORKSTATION_SUPPLIED (L).
    package static let oemWorkstationSupplied = Self(rawValue: 0x0000_2000)
    /// NTLMSSP_NEGOTIATE_ALWAYS_SIGN (M).
    package static let alwaysSign = Self(rawValue: 0x0000_8000)
    /// NTLMSSP_TARGET_TYPE_DOMAIN (N).
    package static let targetTypeDomain = Self(rawValue: 0x0001_0000)
    /// NTLMSSP_TARGET_TYPE_SERVER (O).
    package static let targetTypeServer = Self(rawValue: 0x0002_0000)
    /// NTLMSSP_NEGOTIATE_EXTENDED_SESSIONSECURITY (P).
    package static let extendedSessionSecurity = Self(rawValue: 0x0008_0000)
    /// NTLMSSP_NEGOTIATE_IDENTIFY (Q).
    package static let identify = Self(rawValue: 0x0010_0000)
    /// NTLMSSP_REQUEST_NON_NT_SESSION_KEY (R).
    package static let requestNonNTSessionKey = Self(rawValue: 0x0040_0000)
    /// NTLMSSP_NEGOTIATE_TARGET_INFO (S).
    package static let targetInfo = Self(rawValue: 0x0080_0000)
    /// NTLMSSP_NEGOTIATE_VERSION (T).
    package static let version = Self(rawValue: 0x0200_0000)
    /// NTLMSSP_NEGOTIATE_128 (U).
    package static let negotiate128 = Self(rawValue: 0x2000_0000)
    /// NTLMSSP_NEGOTIATE_KEY_EXCH (V).
    package static let keyExchange = Self(rawValue: 0x4000_0000)
    /// NTLMSSP_NEGOTIATE_56 (W).
    package static let negotiate56 = Self(rawValue: 0x8000_0000)
}
