/// NegTokenInit (RFC 4178 §4.2.1), the client's first SPNEGO token.
package struct SPNEGONegTokenInit: Sendable, Equatable {
    /// Offered mechanisms, most preferred first.
    package var mechTypes: [SPNEGOMechanism]
    /// The optimistic token for `mechTypes.first`, if any.
    package var mechToken: [UInt8]?

    /// Creates a NegTokenInit.
    package init(mechTypes: [SPNEGOMechanism], mechToken: [UInt8]? = nil) {
        self.mechTypes = mechTypes
        self.mechToken = mechToken
    }
}

/// NegTokenResp (RFC 4178 §4.2.2), exchanged after the first token.
package struct SPNEGONegTokenResp: Sendable, Equatable {
    /// negState values.
    package enum NegState: UInt8, Sendable, Equatable {
        /// accept-completed.
        case acceptCompleted = 0
        /// accept-incomplete.
        case acceptIncomplete = 1
        /// reject.
        case reject = 2
        /// request-mic.
        case requestMIC = 3
    }

    /// The negotiation state, if present.
    package var negState: NegState?
    /// The selected mechanism (server's first reply only).
    package var supportedMech: SPNEGOMechanism?
    /// The mechanism token, if any.
    package var responseToken: [UInt8]?
    /// The mechListMIC, if any (read, not verified).
    package var mechListMIC: [UInt8]?

    /// Creates a NegTokenResp.
    package init(
        negState: NegState? = nil, supportedMech: SPNEGOMechanism? = nil, responseToken: [UInt8]? = nil,
        mechListMIC: [UInt8]? = nil
    ) {
        self.negState = negState
        self.supportedMech = supportedMech
        self.responseToken = responseToken
        self.mechListMIC = mechListMIC
    }
}

/// What a `Negotiate` token carries.
package enum NegotiateToken: Sendable, Equatable {
    /// A GSS-API InitialContextToken for SPNEGO holding a NegTokenInit.
    case initial(SPNEGONegTokenInit)
    /// A bare NegTokenResp (`[1]`).
    case response(SPNEGONegTokenResp)
    /// Raw NTLMSSP bytes (some clients skip SPNEGO).
    case rawNTLMSSP([UInt8])
    /// A GSS-API InitialContextToken of another mechanism (e.g. a bare Kerberos AP-REQ).
    case otherMechanism(SPNEGOMechanism)
}
