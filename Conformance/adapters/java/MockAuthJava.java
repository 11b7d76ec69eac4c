// Reference adapters: Java 17's two HTTP clients, configured as the JDK's documentation shows.
//
//   java MockAuthJava httpclient      java.net.http.HttpClient (Redirect.NORMAL, as its class
//                                     documentation's example builds it; the default is NEVER)
//   java MockAuthJava urlconnection   java.net.HttpURLConnection (follows redirects, its default)
//
// Both: trust only MOCKAUTH_CA_FILE (a KeyStore of its certificates behind the default
// TrustManagerFactory), the PKCS#12 identities (MOCKAUTH_CLIENT_P12, MOCKAUTH_CLIENT_P12_2) behind
// the default KeyManagerFactory, the proxy through a ProxySelector, credentials through an
// Authenticator (asked only when a server or proxy challenges), cookies in a CookieManager shared by
// the run's URLs, and public-key pins (MOCKAUTH_PIN_SHA256) checked by a trust manager that wraps the
// default one, as the JSSE Reference Guide's "Creating Your Own X509TrustManager" does. Names under
// .test are mapped by the JVM's hosts file (-Djdk.net.hosts.file set to MOCKAUTH_HOSTS_FILE, java.sh).
// What the scenario gives is read through MockAuthMaterial (MockAuthMaterial.java, compiled with it).
//
// What each client lacks (HSTS; TLS to an HTTPS proxy; SOCKS for HttpClient; Digest, NTLM and
// Negotiate for HttpClient, which answers Basic only; the Digest algorithms HttpURLConnection does not
// implement) is Conformance/clients.yaml's to say: the adapter is not run there. Public-key pins are
// the adapter's own code (Pinning.checkPins: the JDK has no pinning), and so is the Authenticator's
// one account for every realm (Accounts); the table credits those cells to the adapter.
//
//   java MockAuthJava version httpclient|urlconnection   one line: the client, the JDK, the TLS provider
//
// Exit 0 if every URL answered 2xx, 1 otherwise.
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.CookieManager;
import java.net.HttpURLConnection;
import java.net.IDN;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXCertPathBuilderResult;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

public final class MockAuthJava {
    static final MockAuthMaterial material = MockAuthMaterial.read();

    public static void main(String[] arguments) throws Exception {
        boolean version = arguments.length > 0 && arguments[0].equals("version");
        String mode = arguments.length > (version ? 1 : 0) ? arguments[version ? 1 : 0] : "";
        if (!mode.equals("httpclient") && !mode.equals("urlconnection")) {
            System.err.println("usage: MockAuthJava [version] httpclient|urlconnection");
            System.exit(2);
        }
        if (version) {
            printVersion(mode);
            return;
        }
        List<String> urls = material.urls;
        SSLContext context = sslContext();
        ProxySelector proxies = proxySelector(material.proxy);
        String method = material.method != null ? material.method : material.bodyFile != null ? "POST" : "GET";
        byte[] body = material.body();
        List<String[]> headers = new ArrayList<>();
        if (material.token != null) headers.add(new String[] {"Authorization", "Bearer " + material.token});
        for (MockAuthMaterial.Header header : material.headers) headers.add(new String[] {header.name(), header.value()});

        boolean hasCredentials = material.credentials != null || (material.proxy != null && material.proxy.account() != null);
        int status = 0;
        if (mode.equals("httpclient")) {
            Accounts authenticator = new Accounts(1);
            HttpClient.Builder builder = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(20))
                .cookieHandler(new CookieManager());
            // An Authenticator only for credentials: with one, HttpClient drops every Authorization
            // header the application sets itself (a bearer token, MOCKAUTH_HEADERS).
            if (hasCredentials) builder.authenticator(authenticator);
            if (context != null) builder.sslContext(context);
            if (proxies != null) builder.proxy(proxies);
            HttpClient client = builder.build();
            for (int position = 1; position <= urls.size(); position++) {
                String url = urls.get(position - 1);
                authenticator.position = position;
                try {
                    HttpRequest.Builder request = HttpRequest.newBuilder(uri(url)).timeout(Duration.ofSeconds(20))
                        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
                    for (String[] header : headers) request.header(header[0], header[1]);
                    HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
                    System.out.println(url + " " + response.statusCode());
                    if (response.statusCode() / 100 != 2) status = 1;
                } catch (Exception error) {
                    System.err.println(url + " " + error);
                    status = 1;
                }
            }
        } else {
            java.net.CookieHandler.setDefault(new CookieManager());
            if (material.krb5Config != null) {
                // Negotiate with Kerberos (the JDK's "HTTP Authentication" guide): JGSS reads the
                // realm from this krb5.conf and, without a JAAS Subject, the ticket-granting ticket
                // from the credential cache KRB5CCNAME names (java.sh exports it).
                System.setProperty("java.security.krb5.conf", material.krb5Config);
                System.setProperty("javax.security.auth.useSubjectCredsOnly", "false");
            }
            if (context != null) HttpsURLConnection.setDefaultSSLSocketFactory(context.getSocketFactory());
            if (proxies != null) ProxySelector.setDefault(proxies);
            // The default Authenticator answers what has no connection of its own: a SOCKS5 proxy's
            // RFC 1929 step. Each URL's connection gets its account's Authenticator (one per
            // account, so that each keeps its own cache of answered challenges).
            if (hasCredentials) Authenticator.setDefault(new Accounts(1));
            Map<String, Accounts> byAccount = new java.util.HashMap<>();
            for (int position = 1; position <= urls.size(); position++) {
                String url = urls.get(position - 1);
                Accounts fresh = new Accounts(position);
                Accounts account = byAccount.computeIfAbsent(fresh.key(), key -> fresh);
                try {
                    HttpURLConnection connection = (HttpURLConnection) uri(url).toURL().openConnection();
                    if (hasCredentials) connection.setAuthenticator(account);
                    connection.setConnectTimeout(20000);
                    connection.setReadTimeout(20000);
                    connection.setRequestMethod(method);
                    for (String[] header : headers) connection.addRequestProperty(header[0], header[1]);
                    if (body != null) {
                        connection.setDoOutput(true);
                        try (OutputStream out = connection.getOutputStream()) {
                            out.write(body);
                        }
                    }
                    int code = connection.getResponseCode();
                    drain(code >= 400 ? connection.getErrorStream() : connection.getInputStream());
                    System.out.println(url + " " + code);
                    if (code / 100 != 2) status = 1;
                } catch (Exception error) {
                    System.err.println(url + " " + error);
                    status = 1;
                }
            }
        }
        System.exit(status);
    }

    /// One line: the client, the JDK that runs it and its TLS provider (JSSE), as this JVM reports them.
    static void printVersion(String mode) throws Exception {
        SSLContext tls = SSLContext.getDefault();
        String protocols = String.join(" ", tls.getDefaultSSLParameters().getProtocols());
        System.out.println((mode.equals("httpclient") ? "java.net.http.HttpClient" : "java.net.HttpURLConnection")
            + " (" + System.getProperty("java.runtime.name") + " " + System.getProperty("java.runtime.version")
            + ", " + System.getProperty("java.vm.vendor") + "; TLS: " + tls.getProvider().getName() + " "
            + tls.getProvider().getVersionStr() + ", " + protocols + ")");
    }

    static void drain(InputStream in) throws IOException {
        if (in == null) return;
        try (in) {
            in.transferTo(new ByteArrayOutputStream());
        }
    }

    /// The URL as a URI. java.net.URI takes no host name outside ASCII, so an internationalized one
    /// is written as its A-label first with java.net.IDN, as that class's documentation tells
    /// applications to do (IDN.toASCII: IDNA 2003, RFC 3490).
    static URI uri(String url) throws Exception {
        int start = url.indexOf("://") + 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) end++;
        String authority = url.substring(start, end);
        if (authority.chars().allMatch(c -> c < 128)) return new URI(url);
        int colon = authority.lastIndexOf(':');
        String host = colon >= 0 ? authority.substring(0, colon) : authority;
        String port = colon >= 0 ? authority.substring(colon) : "";
        return new URI(url.substring(0, start) + IDN.toASCII(host) + port + url.substring(end));
    }

    /// Credentials as the JDK asks for them: the proxy's for a proxy (or SOCKS5) challenge, the
    /// URL's account for a server's. NTLM takes the domain as DOMAIN\\user.
    static final class Accounts extends Authenticator {
        volatile int position;

        Accounts(int position) {
            this.position = position;
        }

        String key() {
            MockAuthMaterial.Account account = material.account(position);
            if (account == null) return "\u0000";
            return account.username() + "\u0000" + (account.domain() == null ? "" : account.domain());
        }

        @Override
        protected PasswordAuthentication getPasswordAuthentication() {
            System.err.println("Authenticator asked: " + getRequestorType() + " " + getRequestingScheme()
                + " realm=" + getRequestingPrompt() + " host=" + getRequestingHost());
            boolean proxy = getRequestorType() == RequestorType.PROXY || "SOCKS5".equals(getRequestingProtocol());
            MockAuthMaterial.Account account = proxy
                ? (material.proxy == null ? null : material.proxy.account())
                : material.account(position);
            if (account == null) return null;
            String user = account.username();
            String domain = account.domain();
            String scheme = String.valueOf(getRequestingScheme()).toLowerCase();
            if (domain != null && !domain.isEmpty() && (scheme.equals("ntlm") || scheme.equals("negotiate"))) {
                user = domain + "\\" + user;
            }
            return new PasswordAuthentication(user, account.password().toCharArray());
        }
    }

    /// MOCKAUTH_PROXY_URL as a ProxySelector: an HTTP proxy (ProxySelector.of), or a SOCKS one. With
    /// hosts to reach without it (MOCKAUTH_NO_PROXY), the JDK's default selector, given the proxy
    /// and the hosts as its documented system properties (http.proxyHost, https.proxyHost,
    /// http.nonProxyHosts, "|"-separated): ProxySelector.of exempts no host.
    static ProxySelector proxySelector(MockAuthMaterial.Proxy given) throws Exception {
        if (given == null) return null;
        URI proxy = new URI(given.url());
        InetSocketAddress address = InetSocketAddress.createUnresolved(proxy.getHost(), proxy.getPort());
        if (!proxy.getScheme().startsWith("socks") && !given.bypass().isEmpty()) {
            for (String scheme : List.of("http", "https")) {
                System.setProperty(scheme + ".proxyHost", proxy.getHost());
                System.setProperty(scheme + ".proxyPort", String.valueOf(proxy.getPort()));
            }
            System.setProperty("http.nonProxyHosts", String.join("|", given.bypass()));
            return ProxySelector.getDefault();
        }
        if (!proxy.getScheme().startsWith("socks")) return ProxySelector.of(address);
        Proxy socks = new Proxy(Proxy.Type.SOCKS, address);
        return new ProxySelector() {
            @Override
            public List<Proxy> select(URI uri) {
                return List.of(socks);
            }

            @Override
            public void connectFailed(URI uri, SocketAddress address, IOException error) {}
        };
    }

    /// The SSLContext of the scenario: null (the JDK's defaults) when it gives neither a CA file nor
    /// an identity.
    static SSLContext sslContext() throws Exception {
        String caFile = material.caFile;
        KeyManager[] keyManagers = keyManagers();
        if (caFile == null && keyManagers == null) return null;
        TrustManager[] trustManagers = null;
        if (caFile != null) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            try (InputStream in = new FileInputStream(caFile)) {
                int index = 0;
                for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    trusted.setCertificateEntry("mockauth-" + index++, certificate);
                }
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            trustManagers = factory.getTrustManagers();
            String pins = material.pinSHA256;
            if (pins != null) {
                trustManagers = new TrustManager[] {new Pinning((X509ExtendedTrustManager) trustManagers[0], trusted, pins)};
            }
        } else if (material.pinSHA256 != null) {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((KeyStore) null);
            trustManagers = factory.getTrustManagers();
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers, trustManagers, null);
        return context;
    }

    /// The PKCS#12 identities in one KeyStore behind the default KeyManagerFactory, which presents
    /// the one the server's CertificateRequest names (or none).
    static KeyManager[] keyManagers() throws Exception {
        String password = material.pkcs12Password == null ? "" : material.pkcs12Password;
        KeyStore identities = null;
        int index = 0;
        for (MockAuthMaterial.Identity identity : new MockAuthMaterial.Identity[] {material.identity, material.secondIdentity}) {
            String path = identity == null ? null : identity.pkcs12();
            if (path == null || path.isEmpty()) continue;
            KeyStore one = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(path)) {
                one.load(in, password.toCharArray());
            }
            if (identities == null) {
                identities = KeyStore.getInstance("PKCS12");
                identities.load(null, null);
            }
            for (String alias : Collections.list(one.aliases())) {
                if (!one.isKeyEntry(alias)) continue;
                identities.setKeyEntry("identity-" + index++, one.getKey(alias, password.toCharArray()),
                    password.toCharArray(), one.getCertificateChain(alias));
            }
        }
        if (identities == null) return null;
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(identities, password.toCharArray());
        return factory.getKeyManagers();
    }

    /// The default trust manager, then the pins: a pin matches any certificate of the path the
    /// default validation accepted (from the leaf to a trust anchor), as HPKP and OkHttp's
    /// CertificatePinner match; it adds to validation (the host name included), it never replaces it.
    static final class Pinning extends X509ExtendedTrustManager {
        final X509ExtendedTrustManager standard;
        final KeyStore anchors;
        final Set<String> pins = new HashSet<>();

        Pinning(X509ExtendedTrustManager standard, KeyStore anchors, String pins) {
            this.standard = standard;
            this.anchors = anchors;
            for (String pin : pins.split(";")) {
                if (pin.startsWith("sha256//")) this.pins.add(pin.substring("sha256//".length()));
            }
        }

        void checkPins(X509Certificate[] chain) throws CertificateException {
            try {
                X509CertSelector leaf = new X509CertSelector();
                leaf.setCertificate(chain[0]);
                PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, leaf);
                parameters.setRevocationEnabled(false);
                parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(Arrays.asList(chain))));
                PKIXCertPathBuilderResult path = (PKIXCertPathBuilderResult) CertPathBuilder.getInstance("PKIX").build(parameters);
                List<X509Certificate> certificates = new ArrayList<>();
                for (Certificate certificate : path.getCertPath().getCertificates()) certificates.add((X509Certificate) certificate);
                X509Certificate anchor = path.getTrustAnchor().getTrustedCert();
                if (anchor != null) certificates.add(anchor);
                MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
                for (X509Certificate certificate : certificates) {
                    String hash = Base64.getEncoder().encodeToString(sha256.digest(certificate.getPublicKey().getEncoded()));
                    if (pins.contains(hash)) return;
                }
            } catch (Exception error) {
                throw new CertificateException("pin check: " + error, error);
            }
            throw new CertificateException("no certificate of the validated chain carries a pinned public key");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, java.net.Socket socket) throws CertificateException {
            standard.checkServerTrusted(chain, authType, socket);
            checkPins(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            standard.checkServerTrusted(chain, authType, engine);
            checkPins(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            standard.checkServerTrusted(chain, authType);
            checkPins(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, java.net.Socket socket) throws CertificateException {
            standard.checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            standard.checkClientTrusted(chain, authType, engine);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            standard.checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return standard.getAcceptedIssuers();
        }
    }
}
