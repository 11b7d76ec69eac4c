// mockauthd serve's control API from Java 17 (java.net.http), no library: `java RemoteControl.java`.
//
// Begins a run of tls-expired, prints its URL and CA file, lets a client (HttpClient, trusting that
// CA and nothing else) request it, prints the verdict and ends the run. Exits 0 on PASS.
//
// The control API's URL and token come from MOCKAUTH_CONTROL_URL and MOCKAUTH_CONTROL_TOKEN, else
// from the endpoints file MOCKAUTH_ENDPOINTS_FILE names (mockauthd serve --endpoints-file FILE).
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

public class RemoteControl {
    static String base;
    static String token;
    static final HttpClient api = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public static void main(String[] arguments) throws Exception {
        base = System.getenv("MOCKAUTH_CONTROL_URL");
        token = System.getenv("MOCKAUTH_CONTROL_TOKEN");
        if (base == null || token == null) {
            Map<?, ?> endpoints = (Map<?, ?>) Json.parse(Files.readString(Path.of(System.getenv("MOCKAUTH_ENDPOINTS_FILE"))));
            Map<?, ?> control = (Map<?, ?>) endpoints.get("control");
            base = (String) control.get("url");
            token = (String) control.get("token");
        }
        base = base.replaceAll("/+$", "");

        Map<?, ?> run = call("POST", "/v1/runs", "{\"scenario\": \"tls-expired\", \"client\": \"java-httpclient\"}");
        String id = (String) run.get("id");
        Map<?, ?> verdict;
        try {
            // The run's own servers, and what its client is given: here the CA, written to a file.
            String pem = (String) ((Map<?, ?>) run.get("material")).get("caCertificatePEM");
            Path anchor = Files.createTempFile("mockauth-ca", ".pem");
            Files.writeString(anchor, pem);
            System.out.println("run " + id + " of " + run.get("scenario") + ": " + run.get("url"));
            System.out.println("CA file: " + anchor);

            // The client under test: trusts that CA, and only it. A correct one refuses this server.
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            Certificate certificate = CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(anchor)));
            trusted.setCertificateEntry("mockauth-ca", certificate);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, trust.getTrustManagers(), null);
            HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();
            try {
                HttpResponse<Void> answer = client.send(
                    HttpRequest.newBuilder(URI.create((String) run.get("url"))).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding());
                System.out.println("client: fetched it, " + answer.statusCode());
            } catch (java.io.IOException error) {
                System.out.println("client: refused it: " + error);
            }
            Files.delete(anchor);

            verdict = call("GET", "/v1/runs/" + id + "/verdict", null);
            System.out.println("verdict: " + verdict.get("result"));
            for (Object item : (List<?>) verdict.get("findings")) {
                Map<?, ?> finding = (Map<?, ?>) item;
                System.out.println("  " + finding.get("rule") + ": " + finding.get("outcome") + ": " + finding.get("reason"));
            }
        } finally {
            // Ends the run: its servers stop, its ports are freed.
            call("DELETE", "/v1/runs/" + id, null);
        }
        System.exit("pass".equals(verdict.get("result")) ? 0 : 1);
    }

    /** One request to the control API: its JSON answer. An error status ends the program with the
     *  status and the server's message ({"error": ...}). */
    static Map<?, ?> call(String method, String path, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
            .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .build();
        HttpResponse<String> answer = api.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        Map<?, ?> body = (Map<?, ?>) Json.parse(answer.body());
        if (answer.statusCode() / 100 != 2) {
            System.err.println(method + " " + path + ": " + answer.statusCode() + ": " + body.get("error"));
            System.exit(2);
        }
        return body;
    }

    /** Just enough JSON for the control API's answers: objects, arrays, strings, numbers, literals. */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) { this.text = text; }

        static Object parse(String text) {
            Json json = new Json(text);
            Object value = json.value();
            json.space();
            if (json.at != text.length()) throw json.error("trailing characters");
            return value;
        }

        private Object value() {
            space();
            char next = peek();
            if (next == '{') {
                Map<String, Object> object = new LinkedHashMap<>();
                at++;
                space();
                if (peek() == '}') { at++; return object; }
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    object.put(key, value());
                    space();
                } while (take(','));
                expect('}');
                return object;
            }
            if (next == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                space();
                if (peek() == ']') { at++; return array; }
                do { array.add(value()); space(); } while (take(','));
                expect(']');
                return array;
            }
            if (next == '"') return string();
            for (String literal : new String[] {"true", "false", "null"}) {
                if (text.startsWith(literal, at)) {
                    at += literal.length();
                    return literal.equals("null") ? null : Boolean.valueOf(literal);
                }
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            if (start == at) throw error("unexpected character");
            return Double.valueOf(text.substring(start, at));
        }

        private String string() {
            expect('"');
            StringBuilder result = new StringBuilder();
            while (peek() != '"') {
                char next = text.charAt(at++);
                if (next != '\\') { result.append(next); continue; }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> result.append('\n');
                    case 't' -> result.append('\t');
                    case 'r' -> result.append('\r');
                    case 'b' -> result.append('\b');
                    case 'f' -> result.append('\f');
                    case 'u' -> { result.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                    default -> result.append(escaped);
                }
            }
            at++;
            return result.toString();
        }

        private void space() { while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++; }
        private char peek() { if (at >= text.length()) throw error("unexpected end"); return text.charAt(at); }
        private boolean take(char wanted) { if (at < text.length() && text.charAt(at) == wanted) { at++; return true; } return false; }
        private void expect(char wanted) { if (!take(wanted)) throw error("expected " + wanted); }
        private IllegalArgumentException error(String what) { return new IllegalArgumentException("JSON: " + what + " at " + at); }
    }
}
