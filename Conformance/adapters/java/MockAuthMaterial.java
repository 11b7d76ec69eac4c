// What a scenario gives the Java reference adapters, read from their environment in one place.
//
// The variables are the client contract (the README's "The environment a client command gets";
// ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
// that does not apply is unset: its field here is null (or empty). MockAuthJava reads the environment
// through MockAuthMaterial.read() alone; AdapterReaderTests keeps this file naming every variable of
// the contract and no other.
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

final class MockAuthMaterial {
    /// An account: the password is "" when none is given, the domain (NTLM's) null.
    record Account(String username, String password, String domain) {}

    /// A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle.
    record Identity(String certificate, String key, String pkcs12) {}

    /// The proxy's URL (http://, https://, socks5:// or socks5h://) and its account.
    /// The proxy's URL, its account, and the host names to reach without it (MOCKAUTH_NO_PROXY).
    record Proxy(String url, Account account, List<String> bypass) {}

    /// A name under .test, the port it is reached on, and its address (an IPv6 one without brackets).
    record Host(String name, int port, String address) {}

    /// A header line to send with each request.
    record Header(String name, String value) {}

    final String scenario;
    /// Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
    final List<String> urls;
    /// What the scenario needs: a word per feature, `a|b` for alternatives.
    final List<String> features;
    final String caFile;
    final Identity identity;
    final Identity secondIdentity;
    final String pkcs12Password;
    /// curl's form: sha256//BASE64, several separated by `;`.
    final String pinSHA256;
    final Account credentials;
    /// The accounts of later URLs that have their own, by the URL's 1-based position.
    final Map<Integer, Account> requestAccounts = new HashMap<>();
    final String token;
    final String method;
    final String bodyFile;
    final List<Header> headers = new ArrayList<>();
    final Proxy proxy;
    final List<Host> hosts = new ArrayList<>();
    final String hostsFile;
    /// Seconds to wait after one request's answer before making the next; null for no pause.
    final Integer pauseSeconds;
    /// Whether to send the requests to the URLs at once, each without waiting for another's answer.
    final boolean concurrent;
    /// The run's Kerberos realm: a krb5.conf (for `java.security.krb5.conf`) and a credential cache
    /// with the account's ticket-granting ticket (for KRB5CCNAME); null without one.
    final String krb5Config;
    final String krb5CredentialCache;
    /// The OAuth 2.0 token endpoint's URL, its client id and secret, and the refresh token (which
    /// goes there alone); null when the scenario has none.
    final String tokenUrl;
    final String clientId;
    final String clientSecret;
    final String refreshToken;

    MockAuthMaterial(Map<String, String> env) {
        scenario = env.get("MOCKAUTH_SCENARIO");
        String list = env.getOrDefault("MOCKAUTH_URLS", env.getOrDefault("MOCKAUTH_URL", ""));
        urls = words(list);
        features = words(env.getOrDefault("MOCKAUTH_FEATURES", ""));
        caFile = env.get("MOCKAUTH_CA_FILE");
        identity = identity(env, "MOCKAUTH_CLIENT_CERT", "MOCKAUTH_CLIENT_KEY", "MOCKAUTH_CLIENT_P12");
        secondIdentity = identity(env, "MOCKAUTH_CLIENT_CERT_2", "MOCKAUTH_CLIENT_KEY_2", "MOCKAUTH_CLIENT_P12_2");
        pkcs12Password = env.get("MOCKAUTH_CLIENT_P12_PASSWORD");
        pinSHA256 = env.get("MOCKAUTH_PIN_SHA256");
        credentials = account(env, "MOCKAUTH_USERNAME", "MOCKAUTH_PASSWORD", "MOCKAUTH_DOMAIN");
        for (int position = 2; position <= urls.size(); position++) {
            Account own = account(env, "MOCKAUTH_USERNAME_" + position, "MOCKAUTH_PASSWORD_" + position,
                "MOCKAUTH_DOMAIN_" + position);
            if (own != null) requestAccounts.put(position, own);
        }
        token = env.get("MOCKAUTH_TOKEN");
        method = env.get("MOCKAUTH_METHOD");
        bodyFile = env.get("MOCKAUTH_BODY_FILE");
        // One `Name: value` line each (the value without the spaces after the colon); a line
        // without a colon is skipped.
        for (String line : env.getOrDefault("MOCKAUTH_HEADERS", "").split("\n")) {
            int colon = line.indexOf(':');
            if (colon >= 0) headers.add(new Header(line.substring(0, colon), line.substring(colon + 1).replaceFirst("^[ \t]+", "")));
        }
        String proxyURL = env.get("MOCKAUTH_PROXY_URL");
        proxy = proxyURL == null ? null
            : new Proxy(proxyURL, account(env, "MOCKAUTH_PROXY_USERNAME", "MOCKAUTH_PROXY_PASSWORD", "MOCKAUTH_PROXY_DOMAIN"),
                Arrays.stream(env.getOrDefault("MOCKAUTH_NO_PROXY", "").split(","))
                    .filter(name -> !name.isEmpty()).toList());
        // name:port:address entries, space-separated (curl's --resolve form).
        for (String entry : words(env.getOrDefault("MOCKAUTH_RESOLVE", ""))) {
            String[] parts = entry.split(":", 3);
            if (parts.length == 3 && parts[1].matches("[0-9]+")) {
                hosts.add(new Host(parts[0], Integer.parseInt(parts[1]), parts[2].replaceAll("^\\[|\\]$", "")));
            }
        }
        hostsFile = env.get("MOCKAUTH_HOSTS_FILE");
        String pause = env.get("MOCKAUTH_PAUSE_SECONDS");
        pauseSeconds = pause == null || pause.isEmpty() ? null : Integer.valueOf(pause);
        concurrent = "1".equals(env.get("MOCKAUTH_CONCURRENT"));
        krb5Config = env.get("MOCKAUTH_KRB5_CONFIG");
        krb5CredentialCache = env.get("MOCKAUTH_KRB5CCNAME");
        tokenUrl = env.get("MOCKAUTH_TOKEN_URL");
        clientId = env.get("MOCKAUTH_CLIENT_ID");
        clientSecret = env.get("MOCKAUTH_CLIENT_SECRET");
        refreshToken = env.get("MOCKAUTH_REFRESH_TOKEN");
    }

    /// The material this process is given (its environment).
    static MockAuthMaterial read() {
        return new MockAuthMaterial(System.getenv());
    }

    /// The account of the URL at 1-based `position`: its own, else the client's (null when none).
    Account account(int position) {
        return requestAccounts.getOrDefault(position, credentials);
    }

    /// The body of each request: the bytes of MOCKAUTH_BODY_FILE, or null.
    byte[] body() throws IOException {
        return bodyFile == null ? null : Files.readAllBytes(Path.of(bodyFile));
    }

    private static List<String> words(String text) {
        String trimmed = text.trim();
        return trimmed.isEmpty() ? List.of() : Arrays.asList(trimmed.split("\\s+"));
    }

    private static Account account(Map<String, String> env, String username, String password, String domain) {
        if (!env.containsKey(username)) return null;
        return new Account(env.get(username), env.getOrDefault(password, ""), env.get(domain));
    }

    private static Identity identity(Map<String, String> env, String certificate, String key, String pkcs12) {
        if (!env.containsKey(certificate) && !env.containsKey(key) && !env.containsKey(pkcs12)) return null;
        return new Identity(env.get(certificate), env.get(key), env.get(pkcs12));
    }
}
