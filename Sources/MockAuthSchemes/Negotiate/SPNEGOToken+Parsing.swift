extension NegotiateToken {
    /// Parses a decoded `Negotiate` token with bounds checks on every DER element.
    package static func parse(_ bytes: [UInt8]) throws(SPNEGOParseError) -> NegotiateToken {
        if bytes.starts(with: NTLMMessage.signature) { return .rawNTLMSSP(bytes) }
        var reader = DERReader(bytes)
        let outer = try reader.readElement()
        switch outer.tag {
        case 0x60:
            var inner = DERReader(outer.content)
            let mechanism = SPNEGOMechanism(oidBytes: try inner.readElement(tag: 0x06, "GSS-API mechanism OID"))
            guard mechanism == .spnego else { return .otherMechanism(mechanism) }
            let choice = try inner.readElement()
            guard choice.tag == 0xA0 else {
                throw SPNEGOParseError(reason: "SPNEGO initial token does not hold a NegTokenInit")
            }
            return .initial(try parseNegTokenInit(choice.content))
        case 0xA1:
            return .response(try parseNegTokenResp(outer.content))
        default:
            throw SPNEGOParseError(reason: "not a GSS-API/SPNEGO token (first tag 0x\(String(outer.tag, radix: 16)))")
        }
    }

    private static func parseNegTokenInit(_ content: [UInt8]) throws(SPNEGOParseError) -> SPNEGONegTokenInit {
        var outer = DERReader(content)
        var fields = DERReader(try outer.readElement(tag: 0x30, "NegTokenInit SEQUENCE"))
        var result = SPNEGONegTokenInit(mechTypes: [])
        var sawMechTypes = false
        while !fields.isAtEnd {
            let field = try fields.readElement()
            var inner = DERReader(field.content)
            switch field.tag {
            case 0xA0:
                var list = DERReader(try inner.readElement(tag: 0x30, "MechTypeList"))
                while !list.isAtEnd {
                    result.mechTypes.append(SPNEGOMechanism(oidBytes: try list.readElement(tag: 0x06, "MechType")))
                }
                sawMechTypes = true
            case 0xA2:
                result.mechToken = try inner.readElement(tag: 0x04, "mechToken OCTET STRING")
            default:
                continue  // reqFlags [1], mechListMIC [3], NegTokenInit2 hints
            }
        }
        guard sawMechTypes else { throw SPNEGOParseError(reason: "NegTokenInit without mechTypes") }
        return result
    }

    private static func parseNegTokenResp(_ content: [UInt8]) throws(SPNEGOParseError) -> SPNEGONegTokenResp {
        var outer = DERReader(content)
        var fields = DERReader(try outer.readElement(tag: 0x30, "NegTokenResp SEQUENCE"))
        var result = SPNEGONegTokenResp()
        while !fields.isAtEnd {
            let field = try fields.readElement()
            var inner = DERReader(field.content)
            switch field.tag {
            case 0xA0:
                let state = try inner.readElement(tag: 0x0A, "negState ENUMERATED")
                guard state.count == 1, let value = SPNEGONegTokenResp.NegState(rawValue: state[0]) else {
                    throw SPNEGOParseError(reason: "invalid negState")
                }
                result.negState = value
            case 0xA1:
                result.supportedMech = SPNEGOMechanism(oidBytes: try inner.readElement(tag: 0x06, "supportedMech"))
            case 0xA2:
                result.responseToken = try inner.readElement(tag: 0x04, "responseToken OCTET STRING")
            case 0xA3:
                result.mechListMIC = try inner.readElement(tag: 0x04, "mechListMIC OCTET STRING")
            default:
                throw SPNEGOParseError(reason: "unexpected NegTokenResp field [\(field.tag & 0x1F)]")
            }
        }
        return result
    }
}
