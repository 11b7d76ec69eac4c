// A Java 17 HTTPS client that holds the harness client identities in one PKCS#12 key store and lets
// the JDK's default X509KeyManager choose which to present: chooseClientAlias honours the CAs the
// server's CertificateRequest names, and presents none when no identity matches.
//
// Run as a single-file program: java ClientCertFetch.java
// Reads MOCKAUTH_URL, MOCKAUTH_CA_FILE, MOCKAUTH_CLIENT_P12 (and MOCKAUTH_CLIENT_P12_2, when given)
// with MOCKAUTH_CLIENT_P12_PASSWORD. With FIRST_IDENTITY_ONLY=1 it loads only the first identity.
// Prints the status; exits 0 for 2xx, 1 otherwise.
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

public class ClientCertFetch {
    public static void main(String[] args) throws Exception {
        String url = System.getenv("MOCKAUTH_URL");
        String password = System.getenv().getOrDefault("MOCKAUTH_CLIENT_P12_PASSWORD", "");
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = new FileInputStream(System.getenv("MOCKAUTH_CA_FILE"))) {
            trust.setCertificateEntry("mockauth-root", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        KeyStore identities = KeyStore.getInstance("PKCS12");
        identities.load(null, null);
        int index = 0;
        for (String name : new String[] {"MOCKAUTH_CLIENT_P12", "MOCKAUTH_CLIENT_P12_2"}) {
            String path = System.getenv(name);
            if (path == null || path.isEmpty()) continue;
            if (index > 0 && "1".equals(System.getenv("FIRST_IDENTITY_ONLY"))) break;
            KeyStore one = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(path)) {
                one.load(in, password.toCharArray());
            }
            for (String alias : Collections.list(one.aliases())) {
                if (!one.isKeyEntry(alias)) continue;
                identities.setKeyEntry(
                    "identity-" + index++, one.getKey(alias, password.toCharArray()), password.toCharArray(),
                    one.getCertificateChain(alias));
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(identities, password.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(context).build();
        try {
            HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
            System.out.println(response.statusCode());
            System.exit(response.statusCode() / 100 == 2 ? 0 : 1);
        } catch (java.io.IOException error) {
            System.err.println("request failed: " + error);
            System.exit(1);
        }
    }
}
