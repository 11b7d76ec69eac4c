// Java 17's HttpClient over the CA file it was given (MOCKAUTH_URL, MOCKAUTH_CA_FILE).
//
//   java JavaHttpsGet.java                       Java's default PKIX trust manager over a trust store
//                                                built from the CA file, as an application does.
//   java JavaHttpsGet.java --walk-served-chain   a trust manager that walks the chain exactly as the
//                                                server sent it, as OpenSSL 1.0.2 and GnuTLS before
//                                                3.6.14 did: each certificate in date and signed by the
//                                                next, the last one's issuer a CA of the file, in date
//                                                too. It never builds another path.
//
// Exit 0 on a 2xx answer, 1 otherwise.
import java.io.FileInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

public class JavaHttpsGet {
    public static void main(String[] arguments) throws Exception {
        List<X509Certificate> anchors = new ArrayList<>();
        try (FileInputStream input = new FileInputStream(System.getenv("MOCKAUTH_CA_FILE"))) {
            CertificateFactory.getInstance("X.509").generateCertificates(input)
                .forEach(certificate -> anchors.add((X509Certificate) certificate));
        }
        boolean walkServedChain = Arrays.asList(arguments).contains("--walk-served-chain");
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, walkServedChain ? new TrustManager[] {servedChainOnly(anchors)} : pkix(anchors), null);
        HttpClient client = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(10)).build();
        try {
            HttpResponse<Void> response = client.send(
                HttpRequest.newBuilder(URI.create(System.getenv("MOCKAUTH_URL"))).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.discarding());
            System.exit(response.statusCode() / 100 == 2 ? 0 : 1);
        } catch (Exception error) {
            System.err.println(error);
            System.exit(1);
        }
    }

    static TrustManager[] pkix(List<X509Certificate> anchors) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        for (int index = 0; index < anchors.size(); index++) trusted.setCertificateEntry("ca-" + index, anchors.get(index));
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trusted);
        return factory.getTrustManagers();
    }

    static X509TrustManager servedChainOnly(List<X509Certificate> anchors) {
        return new X509TrustManager() {
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                try {
                    for (int index = 0; index < chain.length; index++) {
                        chain[index].checkValidity();
                        if (index + 1 < chain.length) chain[index].verify(chain[index + 1].getPublicKey());
                    }
                    X509Certificate last = chain[chain.length - 1];
                    for (X509Certificate anchor : anchors) {
                        if (!anchor.getSubjectX500Principal().equals(last.getIssuerX500Principal())) continue;
                        last.verify(anchor.getPublicKey());
                        anchor.checkValidity();
                        return;
                    }
                    throw new CertificateException("the served chain ends at no CA of the CA file");
                } catch (CertificateException error) {
                    throw error;
                } catch (Exception error) {
                    throw new CertificateException(error);
                }
            }

            public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                throw new CertificateException("not a server");
            }

            public X509Certificate[] getAcceptedIssuers() {
                return anchors.toArray(new X509Certificate[0]);
            }
        };
    }
}
