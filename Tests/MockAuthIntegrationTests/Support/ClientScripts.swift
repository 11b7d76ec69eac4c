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
    /// GNU wget (GnuTLS) through its reference adapter.
    static let wget = #"sh "$CLIENTS/../../Conformance/adapters/wget.sh""#
    /// Defines `java_adapter MODE`: Java 17 (`httpclient` or `urlconnection`) through its reference
    /// adapter, `Conformance/adapters/java.sh`, whose jar is compiled once per version of
    /// `MockAuthJava.java` and its reader `MockAuthMaterial.java` into the temporary directory (what
    /// `make conformance-adapters` makes, without the class-data archive). A case's script then
    /// calls `java_adapter urlconnection`.
    static let javaAdapter = #"""
        java_adapter() {
            src="$CLIENTS/../../Conformance/adapters/java"
            sum=$(cat "$src/MockAuthJava.java" "$src/MockAuthMaterial.java" | cksum | cut -d ' ' -f 1)
            dir="${TMPDIR:-/tmp}/mockauth-java-adapter-$sum"
            if [ ! -f "$dir/mockauth-java.jar" ]; then
                build=$(mktemp -d)
                javac -d "$build/classes" "$src/MockAuthJava.java" "$src/MockAuthMaterial.java" &&
                    jar cf "$build/mockauth-java.jar" -C "$build/classes" . &&
                    mkdir -p "$dir" && mv "$build/mockauth-java.jar" "$dir/mockauth-java.jar"
                rm -rf "$build"
            fi
            sh "$CLIENTS/../../Conformance/adapters/java.sh" "$dir" "$1"
        }
        """#
}
