import Foundation

/// The second anchor: nginx with `auth_basic` (the same user and password), when installed,
/// serving plain HTTP and TLS with the same certificate chain as the bare server.
struct Nginx {
    let plainPort: Int
    let tlsPort: Int
    private let server: Background

    /// Starts nginx in `directory` (its configuration, password file, logs), or `nil` without nginx.
    static func start(directory: String, certificates: String, plainPort: Int, tlsPort: Int) async throws -> Nginx? {
        guard let nginx = Command.which("nginx") ?? Command.which("/usr/sbin/nginx") else { return nil }
        // {PLAIN}: a plain comparison, like MockAuth's and the bare server's (a crypt hash would cost
        // nginx a thousand MD5 rounds a request).
        try "alice:{PLAIN}wonderland-7\n".write(toFile: "\(directory)/htpasswd", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(directory)/logs", withIntermediateDirectories: true)
        let configuration = """
            worker_processes 2;
            pid \(directory)/nginx.pid;
            error_log \(directory)/logs/error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                keepalive_requests 1000000;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
                server {
                    listen 127.0.0.1:\(plainPort);
                    listen 127.0.0.1:\(tlsPort) ssl;
                    ssl_certificate \(certificates)/server-valid.chain.pem;
                    ssl_certificate_key \(certificates)/server-valid.key;
                    # Resumption as the NIO servers offer it: wrk resumes its session on each new
                    # connection, so every server of the new-connection figure makes the same handshakes.
                    ssl_session_cache shared:bench:1m;
                    ssl_session_tickets on;
                    location / {
                        auth_basic "mockauth";
                        auth_basic_user_file \(directory)/htpasswd;
                        default_type text/plain;
                        return 200 "hello\\n";
                    }
                }
            }
            """
        try configuration.write(toFile: "\(directory)/nginx.conf", atomically: true, encoding: .utf8)
        let server = try await Background([
            nginx, "-p", directory, "-c", "\(directory)/nginx.conf", "-g", "daemon off;",
        ])
        // nginx that cannot start (a port taken, a bad file) exits at once.
        if await server.wait(seconds: 1) { throw BenchError("nginx did not start: \(server.output)") }
        return Nginx(plainPort: plainPort, tlsPort: tlsPort, server: server)
    }

    /// The master process (its workers are its children).
    var pid: Int32 { server.pid }

    func stop() async {
        await server.stop()
    }
}
