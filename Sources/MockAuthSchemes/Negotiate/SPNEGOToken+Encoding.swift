extension SPNEGONegTokenResp {
    /// DER encoding: `[1] SEQUENCE { [0] negState, [1] supportedMech, [2] responseToken, [3] mechListMIC }`.
    package func encoded() -> [UInt8] {
        var fields: [UInt8] = []
        if let negState { fields += DERWriter.element(0xA0, DERWriter.element(0x0A, [negState.rawValue])) }
        if let supportedMech { fields += DERWriter.element(0xA1, DERWriter.element(0x06, supportedMech.oidBytes)) }
        if let responseToken { fields += DERWriter.element(0xA2, DERWriter.element(0x04, responseToken)) }
        if let mechListMIC { fields += DERWriter.element(0xA3, DERWriter.element(0x04, mechListMIC)) }
        return DERWriter.element(0xA1, DERWriter.element(0x30, fields))
    }
}

extension SPNEGONegTokenInit {
    /// DER encoding as a GSS-API InitialContextToken (what a client sends first).
    package func encoded() -> [UInt8] {
        let mechs = mechTypes.flatMap { DERWriter.element(0x06, $0.oidBytes) }
        var fields = DERWriter.element(0xA0, DERWriter.element(0x30, mechs))
        if let mechToken { fields += DERWriter.element(0xA2, DERWriter.element(0x04, mechToken)) }
        let negTokenInit = DERWriter.element(0xA0, DERWriter.element(0x30, fields))
        return DERWriter.element(0x60, DERWriter.element(0x06, SPNEGOMechanism.spnego.oidBytes) + negTokenInit)
    }
}
