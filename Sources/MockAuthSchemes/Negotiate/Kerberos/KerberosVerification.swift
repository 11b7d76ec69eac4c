/// How a `Negotiate` server verifies Kerberos: the acceptor holding its key, the one service
/// principal its tickets must name, and how it answers a verified ticket.
package struct KerberosVerification: Sendable, Equatable {
    /// Verifies tickets for ``servicePrincipal``.
    package var acceptor: any KerberosAcceptor
    /// `HTTP/www.test@REALM`: the name the client must have asked its KDC for (the host it was told,
    /// without a port).
    package var servicePrincipal: String
    /// The server's final token, when the client asked for mutual authentication.
    package var reply: KerberosReply

    /// Creates a verification.
    package init(acceptor: any KerberosAcceptor, servicePrincipal: String, reply: KerberosReply = .genuine) {
        self.acceptor = acceptor
        self.servicePrincipal = servicePrincipal
        self.reply = reply
    }

    package static func == (lhs: KerberosVerification, rhs: KerberosVerification) -> Bool {
        lhs.acceptor === rhs.acceptor && lhs.servicePrincipal == rhs.servicePrincipal && lhs.reply == rhs.reply
    }
}

/// The AP-REP a server sends back in its final `Negotiate` token.
package enum KerberosReply: String, Sendable, Equatable, CaseIterable {
    /// The acceptor's own AP-REP: a client that checks it completes mutual authentication.
    case genuine
    /// The AP-REP with its encrypted part altered, as an impostor that does not hold the service's
    /// key would send: a client that checks mutual authentication must refuse the response.
    case forged

    /// `token` as this reply sends it.
    package func applied(to token: [UInt8]) -> [UInt8] {
        switch self {
        case .genuine:
            return token
        case .forged:
            // The AP-REP's encrypted part ends the token: its last byte is cipher text (RFC 4120 §5.5.2).
            guard let last = token.last else { return token }
            return token.dropLast() + [last ^ 0x5A]
        }
    }
}
