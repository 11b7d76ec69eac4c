// A Java 17 HTTPS client that checks the leaf's revocation with the JDK's own PKIX checker
// (PKIXRevocationChecker, hard fail): OCSP from the leaf's authority information access first, then
// its CRL distribution point. Run it with
//   java -Dcom.sun.security.enableCRLDP=true RevocationClient.java
// (without that property the JDK never fetches a CRL from a distribution point).
// It checks the end entity only (ONLY_END_ENTITY): the harness intermediate names no CRL or
// responder, as many real intermediates do not. It trusts MOCKAUTH_CA_FILE only and requests
// MOCKAUTH_URL; it exits 0 on a 2xx answer, 1 when the request fails (a refused certificate, say).
import java.io.FileInputStream;
import java.net.URL;
import java.security.KeyStore;
import java.security.cert.CertPathBuilder;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.X509CertSelector;
import java.util.EnumSet;
import javax.net.ssl.CertPathTrustManagerParameters;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

public class RevocationClient {
    public static void main(String[] args) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (FileInputStream in = new FileInputStream(System.getenv("MOCKAUTH_CA_FILE"))) {
            X509Certificate root = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            trust.setCertificateEntry("mockauth-root", root);
        }
        PKIXRevocationChecker checker =
                (PKIXRevocationChecker) CertPathBuilder.getInstance("PKIX").getRevocationChecker();
        checker.setOptions(EnumSet.of(PKIXRevocationChecker.Option.ONLY_END_ENTITY));
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(trust, new X509CertSelector());
        parameters.addCertPathChecker(checker);
        parameters.setRevocationEnabled(true);
        TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
        factory.init(new CertPathTrustManagerParameters(parameters));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        HttpsURLConnection connection = (HttpsURLConnection) new URL(System.getenv("MOCKAUTH_URL")).openConnection();
        connection.setSSLSocketFactory(context.getSocketFactory());
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(10_000);
        try {
            int status = connection.getResponseCode();
            System.out.println("status " + status);
            System.exit(status / 100 == 2 ? 0 : 1);
        } catch (Exception error) {
            System.out.println("refused: " + error);
            System.exit(1);
        }
    }
}
