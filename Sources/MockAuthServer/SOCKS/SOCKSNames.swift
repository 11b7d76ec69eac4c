import MockAuthTranscript
import NIOCore
import NIOSOCKS

extension AuthenticationMethod {
    /// The method's name in the transcript: `no-authentication`, `gssapi`, `username-password`,
    /// `no-acceptable-methods`, or `0xNN`.
    var recordedName: String {
        switch self {
        case .noneRequired: "no-authentication"
        case .gssapi: "gssapi"
        case .usernamePassword: "username-password"
        case .noneAcceptable: "no-acceptable-methods"
        default: "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }
}

extension SOCKSServerReply {
    /// The reply's name in the transcript (RFC 1928 §6).
    var recordedName: String {
        switch self {
        case .succeeded: "succeeded"
        case .serverFailure: "general-failure"
        case .notAllowed: "connection-not-allowed"
        case .networkUnreachable: "network-unreachable"
        case .hostUnreachable: "host-unreachable"
        case .refused: "connection-refused"
        case .ttlExpired: "ttl-expired"
        case .commandUnsupported: "command-not-supported"
        case .addressUnsupported: "address-type-not-supported"
        default: "0x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }

    /// The HTTP status the transcript's request record gives the CONNECT, so that the proxy rules
    /// read a SOCKS proxy as they read an HTTP one: 200 when it succeeded, 403 when the target is
    /// not allowed, 501 for a command or address type the proxy does not take, 502 otherwise.
    var recordedStatus: Int {
        switch self {
        case .succeeded: 200
        case .notAllowed: 403
        case .commandUnsupported, .addressUnsupported: 501
        default: 502
        }
    }
}

extension SOCKSAddress {
    /// The address type and the target as the client wrote them (`127.0.0.1:8443`,
    /// `[::1]:8443`, `api.mockauth.test:8443`), and the ``ProxyTarget`` it names; `nil` for a
    /// Unix-domain address, which no CONNECT can carry.
    var named: (type: SOCKSRecord.AddressType, target: ProxyTarget)? {
        switch self {
        case .address(let address):
            guard let host = address.ipAddress, let port = address.port else { return nil }
            switch address {
            case .v4: return (.ipv4, ProxyTarget(host: host, port: port))
            case .v6: return (.ipv6, ProxyTarget(host: host, port: port))
            case .unixDomainSocket: return nil
            }
        case .domain(let name, let port):
            return (.domainName, ProxyTarget(host: name, port: port))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
