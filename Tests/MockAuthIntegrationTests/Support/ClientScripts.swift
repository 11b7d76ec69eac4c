/// The command-line pieces the real-client suites share, as `bash -c` fragments. `$CLIENTS` is the
/// test clients' directory (``AuthCase/checkWithMockAuthD()`` sets it).
enum ClientScript {
    /// curl verifying against the CA file it was given; each case adds its options and the URL.
    static let curl = #"curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE""#
    /// curl's `-u` with the origin account.
    static let user = #"-u "$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD""#
    /// curl's `-u` with the origin account as `DOMAIN\user` (NTLM, Negotiate).
    static let ntlmUser = #"-u "$MOCKAUTH_DOMAIN\\$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD""#
    /// Python's urllib through its reference adapter.
    static let urllib = #"python3 "$CLIENTS/../../Conformance/adapters/urllib_adapter.py""#
    /// Python requests through its reference adapter.
    static let requests = #"python3 "$CLIENTS/../../Conformance/adapters/requests_adapter.py""#
    /// The requests client of the test suite, which picks the scheme it was offered (`Tests/Clients/requests_client.py`).
    static let requestsClient = #"python3 "$CLIENTS/requests_client.py""#
    /// Node.js `https.get` with its own checks (`Tests/Clients/https_get.js`).
    static let nodeHTTPSGet = #"node "$CLIENTS/https_get.js""#
}
