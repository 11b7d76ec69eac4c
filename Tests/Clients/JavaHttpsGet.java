// Java 17's HttpClient with its default PKIX trust manager over the CA file it was given (as an
// application that loads a custom trust store does): every check is Java's own.
// Run: java JavaHttpsGet.java (MOCKAUTH_URL, MOCKAUTH_CA_FILE). Exit 0 on a 2xx answer, 1 otherwise.
import java.io.FileInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

public class JavaHttpsGet {
    public static void main(String[] arguments) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (FileInputStream input = new FileInputStream(System.getenv("MOCKAUTH_CA_FILE"))) {
            int index = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(input)) {
                trusted.setCertificateEntry("ca-" + index++, certificate);
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
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
}
