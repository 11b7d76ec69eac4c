import Foundation

/// The `Authorization: Basic …` value for a credential (RFC 7617), always UTF-8 encoded: the only
/// `charset` a server may ask for.
enum BasicAuthorization {
    static func value(for credential: Credential) -> String {
        "Basic " + Data("\(credential.user):\(credential.password)".utf8).base64EncodedString()
    }
}
