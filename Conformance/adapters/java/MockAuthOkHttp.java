// Reference adapter: OkHttp 3 (Android's and most Kotlin and Java apps' HTTP client) on the JVM's
// TLS (SunJSSE), configured as OkHttp's documentation and recipes show.
//
//   java MockAuthOkHttp           the scenario's URLs, one OkHttpClient (one pool, one cookie jar)
//   java MockAuthOkHttp version   one line: OkHttp, its platform (ALPN), the JDK, the TLS provider
//
// - Trust: the "CustomTrust" recipe: an X509TrustManager from a KeyStore of MOCKAUTH_CA_FILE's
//   certificates alone, and an SSLContext's socket factory, given together to sslSocketFactory();
//   the PKCS#12 identities behind the default KeyManagerFactory in the same SSLContext.
// - Pins: CertificatePinner, a pin per URL host in its sha256/BASE64 form: OkHttp's own pinning,
//   checked against the chain its trust manager cleaned.
// - Credentials: authenticator() and proxyAuthenticator(), written as the Authenticator javadoc's
//   reactive examples and the "Handling authentication" recipe: on a 401 (407), give up if the
//   request already carried credentials, else the same request with Credentials.basic(user,
//   password). OkHttp calls them on every 401 and 407 (and the proxy's before each CONNECT, with a
//   made-up 407 whose challenge is OkHttp-Preemptive, which the reactive example answers too) and
//   leaves the scheme to them, so those cells judge the adapter's code (Basic). A SOCKS5 proxy's
//   account goes through the JDK's default java.net.Authenticator (OkHttp hands SOCKS to
//   java.net.Socket).
// - Given a token endpoint (MOCKAUTH_TOKEN_URL), the authenticator refreshes instead
//   (RefreshingAuthenticator): on a 401 to the current access token, one refresh at the token
//   endpoint, then the request again with the new token.
// - Cookies: JavaNetCookieJar over a java.net.CookieManager (okhttp-urlconnection; OkHttp keeps no
//   cookies by default). Redirects: OkHttp's defaults (followRedirects, followSslRedirects).
// - Proxy: proxy(java.net.Proxy) for an HTTP or SOCKS proxy; with hosts to reach without it
//   (MOCKAUTH_NO_PROXY), OkHttp's default ProxySelector.getDefault() given the JDK's documented
//   http.proxyHost, https.proxyHost and http.nonProxyHosts instead (a single Proxy exempts none).
// - Names under .test: the JVM's hosts file (java.sh), which OkHttp's Dns.SYSTEM reads through
//   InetAddress.
// What the scenario gives is read through MockAuthMaterial (MockAuthMaterial.java, compiled with it).
// What OkHttp lacks (Digest, NTLM, Negotiate, HSTS, TLS to a proxy) is Conformance/clients.yaml's
// to say: the adapter is not run there.
//
// Exit 0 if every URL answered 2xx, 1 otherwise.
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.CookieManager;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.Authenticator;
import okhttp3.CertificatePinner;
import okhttp3.Credentials;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.JavaNetCookieJar;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.Route;

public final class MockAuthOkHttp {
    static final MockAuthMaterial material = MockAuthMaterial.read();

    public static void main(String[] arguments) throws Exception {
        if (arguments.length > 0 && arguments[0].equals("version")) {
            printVersion();
            return;
        }
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
            .connectTimeout(20, TimeUnit.SECONDS)
            .readTimeout(20, TimeUnit.SECONDS)
            .cookieJar(new JavaNetCookieJar(new CookieManager()));
        X509TrustManager trustManager = material.caFile == null ? null : trustManagerForCertificates(material.caFile);
        KeyManager[] keyManagers = keyManagers();
        if (trustManager != null) {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers, new TrustManager[] {trustManager}, null);
            builder.sslSocketFactory(context.getSocketFactory(), trustManager);
        }
        if (material.pinSHA256 != null) builder.certificatePinner(pinner(material.pinSHA256));
        proxy(builder);
        OkHttpClient base = builder.build();

        String method = material.method != null ? material.method : material.bodyFile != null ? "POST" : "GET";
        byte[] body = material.body();
        // One client per account (newBuilder shares the pool and the cookie jar), so that each
        // URL's authenticator answers with its own account.
        Map<MockAuthMaterial.Account, OkHttpClient> clients = new HashMap<>();
        OkHttpClient refreshing = material.token == null || material.tokenUrl == null ? null
            : base.newBuilder().authenticator(new RefreshingAuthenticator(base, material.token)).build();
        int status = 0;
        for (int position = 1; position <= material.urls.size(); position++) {
            String url = material.urls.get(position - 1);
            if (position > 1 && material.pauseSeconds != null) Thread.sleep(material.pauseSeconds * 1000L);
            MockAuthMaterial.Account account = material.account(position);
            OkHttpClient client = base;
            if (refreshing != null) {
                client = refreshing;
            } else if (account != null) {
                client = clients.computeIfAbsent(account, key -> base.newBuilder().authenticator(new BasicAuthenticator(key, "Authorization")).build());
            }
            Request.Builder request = new Request.Builder().url(url)
                .method(method, body == null ? null : RequestBody.create(null, body));
            if (material.token != null) request.header("Authorization", "Bearer " + material.token);
            for (MockAuthMaterial.Header header : material.headers) request.addHeader(header.name(), header.value());
            try (Response response = client.newCall(request.build()).execute()) {
                response.body().bytes();
                System.out.println(url + " " + response.code() + " " + response.protocol());
                if (!response.isSuccessful()) status = 1;
            } catch (Exception error) {
                System.err.println(url + " " + error);
                status = 1;
            }
        }
        System.exit(status);
    }

    /// One line: OkHttp's version (its user agent), the platform OkHttp found (which decides ALPN),
    /// the JDK that runs it and its TLS provider, as this JVM reports them.
    static void printVersion() throws Exception {
        SSLContext tls = SSLContext.getDefault();
        String protocols = String.join(" ", tls.getDefaultSSLParameters().getProtocols());
        System.out.println("OkHttp " + okhttp3.internal.Version.userAgent().replace("okhttp/", "") + " ("
            + okhttp3.internal.platform.Platform.get().getClass().getSimpleName() + "; "
            + System.getProperty("java.runtime.name") + " " + System.getProperty("java.runtime.version") + ", "
            + System.getProperty("java.vm.vendor") + "; TLS: " + tls.getProvider().getName() + " "
            + tls.getProvider().getVersionStr() + ", " + protocols + ")");
    }

    /// The CustomTrust recipe's trust manager: the certificates of the file, and none other.
    static X509TrustManager trustManagerForCertificates(String caFile) throws Exception {
        KeyStore keyStore = KeyStore.getInstance(KeyStore.getDefaultType());
        keyStore.load(null, null);
        try (InputStream in = new FileInputStream(caFile)) {
            int index = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                keyStore.setCertificateEntry(Integer.toString(index++), certificate);
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(keyStore);
        TrustManager[] trustManagers = factory.getTrustManagers();
        if (trustManagers.length != 1 || !(trustManagers[0] instanceof X509TrustManager)) {
            throw new IllegalStateException("unexpected default trust managers");
        }
        return (X509TrustManager) trustManagers[0];
    }

    /// The PKCS#12 identities in one KeyStore behind the default KeyManagerFactory, which presents
    /// the one the server's CertificateRequest names (or none); null without an identity.
    static KeyManager[] keyManagers() throws Exception {
        char[] password = (material.pkcs12Password == null ? "" : material.pkcs12Password).toCharArray();
        KeyStore identities = null;
        int index = 0;
        for (MockAuthMaterial.Identity identity : new MockAuthMaterial.Identity[] {material.identity, material.secondIdentity}) {
            if (identity == null || identity.pkcs12() == null) continue;
            KeyStore one = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(identity.pkcs12())) {
                one.load(in, password);
            }
            if (identities == null) {
                identities = KeyStore.getInstance("PKCS12");
                identities.load(null, null);
            }
            for (String alias : Collections.list(one.aliases())) {
                if (one.isKeyEntry(alias)) {
                    identities.setKeyEntry("identity-" + index++, one.getKey(alias, password), password, one.getCertificateChain(alias));
                }
            }
        }
        if (identities == null) return null;
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(identities, password);
        return factory.getKeyManagers();
    }

    /// CertificatePinner with every pin (curl's sha256//BASE64 written as OkHttp's sha256/BASE64)
    /// for the host of each URL, as OkHttp canonicalizes it.
    static CertificatePinner pinner(String pins) {
        CertificatePinner.Builder pinner = new CertificatePinner.Builder();
        for (String url : material.urls) {
            HttpUrl parsed = HttpUrl.parse(url);
            if (parsed == null) continue;
            for (String pin : pins.split(";")) {
                if (pin.startsWith("sha256//")) pinner.add(parsed.host(), "sha256/" + pin.substring("sha256//".length()));
            }
        }
        return pinner.build();
    }

    /// The scenario's proxy: proxy(java.net.Proxy) (HTTP, or SOCKS), with proxyAuthenticator for an
    /// HTTP proxy's 407 and the JDK's default Authenticator for SOCKS5's RFC 1929 step.
    static void proxy(OkHttpClient.Builder builder) throws Exception {
        MockAuthMaterial.Proxy given = material.proxy;
        if (given == null) return;
        URI proxy = new URI(given.url());
        boolean socks = proxy.getScheme().startsWith("socks");
        MockAuthMaterial.Account account = given.account();
        if (socks) {
            builder.proxy(new Proxy(Proxy.Type.SOCKS, new InetSocketAddress(proxy.getHost(), proxy.getPort())));
            if (account != null) {
                java.net.Authenticator.setDefault(new java.net.Authenticator() {
                    @Override
                    protected PasswordAuthentication getPasswordAuthentication() {
                        return new PasswordAuthentication(account.username(), account.password().toCharArray());
                    }
                });
            }
            return;
        }
        if (given.bypass().isEmpty()) {
            builder.proxy(new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(proxy.getHost(), proxy.getPort())));
        } else {
            for (String scheme : List.of("http", "https")) {
                System.setProperty(scheme + ".proxyHost", proxy.getHost());
                System.setProperty(scheme + ".proxyPort", String.valueOf(proxy.getPort()));
            }
            System.setProperty("http.nonProxyHosts", String.join("|", given.bypass()));
            builder.proxySelector(ProxySelector.getDefault());
        }
        if (account != null) builder.proxyAuthenticator(new BasicAuthenticator(account, "Proxy-Authorization"));
    }

    /// The Authenticator documentation's example: give up when the request already carried
    /// credentials, else the same request with Credentials.basic. `header` is Authorization for a
    /// server's 401, Proxy-Authorization for a proxy's 407.
    static final class BasicAuthenticator implements Authenticator {
        final MockAuthMaterial.Account account;
        final String header;

        BasicAuthenticator(MockAuthMaterial.Account account, String header) {
            this.account = account;
            this.header = header;
        }

        @Override
        public Request authenticate(Route route, Response response) {
            System.err.println("authenticator asked: " + response.code() + " " + response.challenges());
            if (response.request().header(header) != null) return null; // Give up, we've already failed to authenticate.
            String credential = Credentials.basic(account.username(), account.password());
            return response.request().newBuilder().header(header, credential).build();
        }
    }

    /// A refreshing bearer-token Authenticator, as OkHttp's Authenticator is used for it: on a 401 to
    /// the current access token, one refresh at the token endpoint (grant_type=refresh_token, RFC 6749
    /// section 6, the client authenticated with HTTP Basic) through a client without an
    /// authenticator, then the request again with the new token; null (give up) when that request
    /// is refused too or the refresh fails.
    static final class RefreshingAuthenticator implements Authenticator {
        static final Pattern ACCESS_TOKEN = Pattern.compile("\"access_token\"\\s*:\\s*\"([^\"]*)\"");
        final OkHttpClient tokenClient;
        String accessToken;

        RefreshingAuthenticator(OkHttpClient tokenClient, String accessToken) {
            this.tokenClient = tokenClient;
            this.accessToken = accessToken;
        }

        @Override
        public synchronized Request authenticate(Route route, Response response) throws IOException {
            for (Response prior = response.priorResponse(); prior != null; prior = prior.priorResponse()) {
                if (prior.code() == 401) return null; // the request again was refused: give up
            }
            String current = "Bearer " + accessToken;
            if (!current.equals(response.request().header("Authorization"))) {
                return response.request().newBuilder().header("Authorization", current).build();
            }
            Request refresh = new Request.Builder().url(material.tokenUrl)
                .header("Authorization", Credentials.basic(material.clientId, material.clientSecret))
                .post(new FormBody.Builder().add("grant_type", "refresh_token").add("refresh_token", material.refreshToken).build())
                .build();
            try (Response answer = tokenClient.newCall(refresh).execute()) {
                String json = answer.body().string();
                Matcher token = ACCESS_TOKEN.matcher(json);
                if (!answer.isSuccessful() || !token.find()) return null;
                accessToken = token.group(1);
            }
            return response.request().newBuilder().header("Authorization", "Bearer " + accessToken).build();
        }
    }
}
