import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// The realm's files for the platform's GSS-API (curl reads KRB5_CONFIG and KRB5CCNAME).
private let realmFiles = #"export KRB5_CONFIG="$MOCKAUTH_KRB5_CONFIG" KRB5CCNAME="FILE:$MOCKAUTH_KRB5CCNAME";"#
/// Sets `"$@"` to one `--resolve` argument per entry of MOCKAUTH_RESOLVE (intranet.test), for curl.
private let resolving = #"set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done;"#
/// curl's GSS-API Negotiate (`-u :`: the credentials are the ticket-granting ticket in the cache);
/// each case adds its options and the URL.
let curlNegotiate = "\(realmFiles) \(resolving) \(ClientScript.curl) --negotiate -u : \"$@\""
/// python-gssapi written as hand-rolled code is (`Tests/Clients/kerberos_client.py`), with its defect flags.
private let kerberosClient = #"python3 "$CLIENTS/kerberos_client.py""#
/// pyspnego's Negotiate: Kerberos, or NTLM inside SPNEGO when no ticket can be had.
private let spnegoClient = #"python3 "$CLIENTS/spnego_negotiate_client.py""#

/// The Kerberos scenarios with a real KDC (MIT's, one realm per run) and real clients: for each, a
/// client that passes and one that fails for the defect the scenario is about.
let kerberosMatrix: [AuthCase] = [
    // negotiate-kerberos: a ticket for HTTP/intranet.test.
    AuthCase(
        scenario: "negotiate-kerberos", client: "curl --negotiate", script: "\(curlNegotiate) $MOCKAUTH_URL",
        expectedStatus: 0, mustMention: "carried a Kerberos ticket, verified"),
    AuthCase(
        scenario: "negotiate-kerberos", client: "kerberos_client.py (python-gssapi)", script: kerberosClient,
        expectedStatus: 0, mustMention: "carried a Kerberos ticket, verified"),
    AuthCase(
        scenario: "negotiate-kerberos", client: "pyspnego", script: spnegoClient, expectedStatus: 0,
        mustMention: "carried a Kerberos ticket, verified"),
    AuthCase(
        scenario: "negotiate-kerberos", client: "kerberos_client.py --spn-with-port",
        script: "\(kerberosClient) --spn-with-port", expectedStatus: 1,
        mustMention: "carried a Kerberos ticket the server refused"),
    AuthCase(
        scenario: "negotiate-kerberos", client: "curl --negotiate without the realm's credential cache",
        script:
            "\(resolving) KRB5_CONFIG=\"$MOCKAUTH_KRB5_CONFIG\" KRB5CCNAME=FILE:/nonexistent \(ClientScript.curl) --negotiate -u : \"$@\" $MOCKAUTH_URL",
        expectedStatus: 1, note: "without a ticket curl cannot answer Negotiate at all",
        mustMention: "never a Kerberos ticket"),
    // negotiate-kerberos-port: the service principal has no port.
    AuthCase(
        scenario: "negotiate-kerberos-port", client: "curl --negotiate", script: "\(curlNegotiate) $MOCKAUTH_URL",
        expectedStatus: 0),
    AuthCase(
        scenario: "negotiate-kerberos-port", client: "pyspnego", script: spnegoClient, expectedStatus: 0),
    AuthCase(
        scenario: "negotiate-kerberos-port", client: "kerberos_client.py --spn-with-port (HTTP@host:port)",
        script: "\(kerberosClient) --spn-with-port", expectedStatus: 1,
        note: "the realm issues the decoy HTTP/intranet.test:PORT, which the origin refuses by name",
        mustMention: "carried a Kerberos ticket the server refused: the Kerberos ticket is for HTTP/intranet.test:"),
    // negotiate-kerberos-mutual: the AP-REP is forged; the client must refuse the response.
    AuthCase(
        scenario: "negotiate-kerberos-mutual", client: "kerberos_client.py (checks the AP-REP)", script: kerberosClient,
        expectedStatus: 0, mustMention: "with a forged AP-REP and the client exited 1"),
    AuthCase(
        scenario: "negotiate-kerberos-mutual", client: "pyspnego (checks the AP-REP)", script: spnegoClient,
        expectedStatus: 0, mustMention: "with a forged AP-REP and the client exited 1"),
    AuthCase(
        scenario: "negotiate-kerberos-mutual", client: "kerberos_client.py --ignore-mutual",
        script: "\(kerberosClient) --ignore-mutual", expectedStatus: 1,
        mustMention: "with a forged AP-REP and the client exited 0"),
    AuthCase(
        scenario: "negotiate-kerberos-mutual", client: "curl 7.88 --negotiate (never checks the AP-REP)",
        script: "\(curlNegotiate) $MOCKAUTH_URL", expectedStatus: 1,
        note: "curl 7.88 reads no token from a 200: it takes the response of a server that proved nothing",
        mustMention: "with a forged AP-REP and the client exited 0", curl: .recordedWith(7, 88)),
    // negotiate-kerberos-no-delegation: no TGT forwarded to a server the realm does not trust.
    AuthCase(
        scenario: "negotiate-kerberos-no-delegation", client: "curl --negotiate (--delegation none)",
        script: "\(curlNegotiate) $MOCKAUTH_URL", expectedStatus: 0,
        mustMention: "none with a forwarded ticket-granting ticket"),
    AuthCase(
        scenario: "negotiate-kerberos-no-delegation", client: "curl --negotiate --delegation policy",
        script: "\(curlNegotiate) --delegation policy $MOCKAUTH_URL", expectedStatus: 0,
        note: "policy follows ok_as_delegate, which the realm does not set"),
    AuthCase(
        scenario: "negotiate-kerberos-no-delegation", client: "pyspnego", script: spnegoClient, expectedStatus: 0),
    AuthCase(
        scenario: "negotiate-kerberos-no-delegation", client: "curl --negotiate --delegation always",
        script: "\(curlNegotiate) --delegation always $MOCKAUTH_URL", expectedStatus: 1,
        mustMention: "'s ticket-granting ticket with its ticket for HTTP/intranet.test@"),
    AuthCase(
        scenario: "negotiate-kerberos-no-delegation", client: "kerberos_client.py --delegate",
        script: "\(kerberosClient) --delegate", expectedStatus: 1,
        mustMention: "'s ticket-granting ticket with its ticket for HTTP/intranet.test@"),
    // negotiate-kerberos-fallback: no ticket for the server; NTLM, never Basic.
    AuthCase(
        scenario: "negotiate-kerberos-fallback", client: "pyspnego (NTLM inside SPNEGO)", script: spnegoClient,
        expectedStatus: 0),
    AuthCase(
        scenario: "negotiate-kerberos-fallback", client: "kerberos_client.py --basic-fallback",
        script: "\(kerberosClient) --basic-fallback", expectedStatus: 1,
        mustMention: "it fell back to Basic, sending the password itself, where NTLM was offered"),
    AuthCase(
        scenario: "negotiate-kerberos-fallback", client: "kerberos_client.py (Kerberos alone, no NTLM)",
        script: kerberosClient, expectedStatus: 1,
        note: "it never authenticates, so how it falls back is unknown: inconclusive, which check reports as a failure",
        mustMention: "INCONCLUSIVE"),
    // negotiate-kerberos-spn-canonical-name: the name typed, not the CNAME target (the client runs
    // with the run's hosts file as /etc/hosts: system-hosts).
    AuthCase(
        scenario: "negotiate-kerberos-spn-canonical-name",
        client: "curl --negotiate, MIT Kerberos told dns_canonicalize_hostname = false",
        script:
            #"own=$(mktemp); printf '[libdefaults]\n dns_canonicalize_hostname = false\n' > "$own"; "#
            + "\(realmFiles) export KRB5_CONFIG=\"$own:$MOCKAUTH_KRB5_CONFIG\"; \(resolving) "
            + "\(ClientScript.curl) --negotiate -u : \"$@\" $MOCKAUTH_URL; status=$?; rm -f \"$own\"; exit $status",
        expectedStatus: 0, note: "MIT reads a list of profiles: the client's own setting first",
        mustMention: "carried a Kerberos ticket, verified"),
    AuthCase(
        scenario: "negotiate-kerberos-spn-canonical-name", client: "kerberos_client.py --canonicalize",
        script: "\(kerberosClient) --canonicalize", expectedStatus: 1,
        note: "the realm issues the decoy HTTP/web-07.corp.test, which the origin refuses by name",
        mustMention: "the Kerberos ticket is for HTTP/web-07.corp.test@"),
    AuthCase(
        scenario: "negotiate-kerberos-spn-canonical-name",
        client: "curl --negotiate with MIT Kerberos's default dns_canonicalize_hostname (true)",
        script: "\(curlNegotiate) $MOCKAUTH_URL", expectedStatus: 1,
        note: "GSS-API follows the hosts file's alias to its canonical name",
        mustMention: "the Kerberos ticket is for HTTP/web-07.corp.test@"),
    // proxy-negotiate-kerberos: a ticket for the proxy's own service principal, in Proxy-Authorization.
    AuthCase(
        scenario: "proxy-negotiate-kerberos", client: "curl --proxy-negotiate",
        script:
            "\(realmFiles) \(resolving) \(ClientScript.curl) -x \"$MOCKAUTH_PROXY_URL\" --proxy-negotiate -U : \"$@\" $MOCKAUTH_URL",
        expectedStatus: 0, mustMention: "ticket for HTTP/proxy.test@"),
    AuthCase(
        scenario: "proxy-negotiate-kerberos", client: "curl --proxy-basic (the password in Basic instead)",
        script:
            "\(resolving) \(ClientScript.curl) -x \"$MOCKAUTH_PROXY_URL\" --proxy-basic -U \"$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD\" \"$@\" $MOCKAUTH_URL",
        expectedStatus: 1, mustMention: "never a Kerberos ticket"),
]

extension AuthCase {
    /// ``checkWithMockAuthD()`` for a Kerberos scenario: every run starts MIT Kerberos's KDC, so its
    /// absence skips the case (a failure with `MOCKAUTH_REQUIRE_TOOLS=1`), naming the install command.
    func checkKerberosWithMockAuthD() async throws {
        try await SkipLog.withCase(testDescription) {
            try await Tool.require(.kerberos)
        }
        try await checkWithMockAuthD()
    }
}

@Suite("Kerberos scenarios with a real KDC and real clients")
struct KerberosCheckTests {
    @Test(arguments: kerberosMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkKerberosWithMockAuthD()
    }

    @Test("every Kerberos scenario of the catalog has a passing and a failing real client here")
    func coverage() throws {
        let scenarios = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).loadAll()
            .filter { $0.requirements.features.contains(.kerberos) }.map(\.name)
        #expect(scenarios.count == 7)
        for scenario in scenarios {
            let cases = kerberosMatrix.filter { $0.scenario == scenario }
            #expect(cases.contains { $0.expectedStatus == 0 }, "\(scenario) has no passing client")
            #expect(cases.contains { $0.expectedStatus == 1 }, "\(scenario) has no failing client")
        }
    }

    @Test("the missing-tool message names MIT Kerberos and the packages that install it")
    func missingMessage() {
        let message = Tool.missingMessage([.kerberos, .pythonKerberos])
        #expect(message.contains("install: apt-get install krb5-kdc krb5-admin-server krb5-user libgssapi-krb5-2"))
        #expect(message.contains("Tests/Clients/requirements-kerberos.txt"))
        #expect(Tool.used(by: #"python3 "$CLIENTS/kerberos_client.py" --delegate"#) == [.pythonKerberos])
        #expect(Tool.used(by: #"python3 "$CLIENTS/spnego_negotiate_client.py""#) == [.pythonKerberos])
        #expect(Tool.used(by: #"python3 "$CLIENTS/ntlm_switching_client.py""#) == [.pythonClients])
    }
}
