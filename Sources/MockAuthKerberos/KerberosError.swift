import MockAuthVocabulary

/// Why a Kerberos realm could not be started, in words: a harness failure, not the client's.
package struct KerberosError: HarnessFailure {
    /// What failed, in words.
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { "Kerberos: \(reason)" }

    /// What to install for Kerberos scenarios.
    static let installHint =
        "Kerberos scenarios need MIT Kerberos's KDC, its admin tools, kinit and the GSS-API library "
        + "(Debian: apt-get install krb5-kdc krb5-admin-server krb5-user libgssapi-krb5-2; macOS: brew install krb5)"
}
