/// What an NTLM server makes of an AUTHENTICATE message whose domain is empty (a scenario's
/// `auth: { empty-domain: … }`). A domain the client names must be the account's either way.
package enum NTLMEmptyDomain: String, Sendable, Hashable, CaseIterable {
    /// The server's own domain: the account is looked up there (what Windows does for a user name
    /// without a domain).
    case serversOwn = "servers-own"
    /// Refused like a wrong password: the client must name the account's domain.
    case refused
}
