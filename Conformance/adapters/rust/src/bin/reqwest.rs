// Reference adapter: Rust's reqwest 0.11 (its blocking Client), configured as its documentation
// shows, on one of its two TLS backends, chosen at run time:
//
//   mockauth-reqwest rustls        ClientBuilder::use_rustls_tls (rustls, ring)
//   mockauth-reqwest native-tls    ClientBuilder::use_native_tls (native-tls: OpenSSL on Linux)
//   mockauth-reqwest version rustls|native-tls   one line: reqwest, its TLS library, hyper, rustc
//
// - Trust: the CA file's certificates alone (tls_built_in_root_certs(false), then
//   add_root_certificate for each certificate of the file: Certificate::from_pem reads one).
// - Identity: Identity::from_pem (the certificate and key PEM together) for rustls,
//   Identity::from_pkcs12_der for native-tls: what each backend takes. reqwest takes one identity.
// - Proxy: Proxy::all(url).basic_auth(user, password); with hosts to reach without it
//   (MOCKAUTH_NO_PROXY), the system proxy instead: HTTP_PROXY, HTTPS_PROXY and NO_PROXY in the
//   environment before the Client is built, reqwest's one way to exempt hosts (Proxy::all exempts
//   none). Without a proxy, no_proxy(): nothing from the environment.
// - Credentials: RequestBuilder::basic_auth (sent with the first request: reqwest answers no
//   challenge), bearer_auth for the token, header for MOCKAUTH_HEADERS.
// - cookie_store(true) (reqwest keeps none by default); redirects: the default Policy (up to 10).
// - Names under .test: ClientBuilder::resolve, the address of each (reqwest keeps the URL's port).
// - One Client for the run's URLs: one cookie store, one connection pool.
//
// What the scenario gives is read through material (src/material.rs). What reqwest lacks (Digest,
// NTLM, Negotiate, pinning, HSTS, SOCKS in Debian's build, refreshing a token) is
// Conformance/clients.yaml's to say: the adapter is not run there.
//
// Exit 0 if every URL answered 2xx, 1 otherwise.
use std::net::{IpAddr, SocketAddr};
use std::process::exit;
use std::{env, fs, thread, time::Duration};

use material::Material;
use reqwest::blocking::Client;
use reqwest::{Certificate, Identity, Method, Proxy};

#[derive(Clone, Copy, PartialEq)]
enum Backend {
    Rustls,
    NativeTls,
}

fn main() {
    let arguments: Vec<String> = env::args().skip(1).collect();
    let (version, mode) = match arguments.as_slice() {
        [word, mode] if word == "version" => (true, mode.as_str()),
        [mode] => (false, mode.as_str()),
        _ => (false, ""),
    };
    let backend = match mode {
        "rustls" => Backend::Rustls,
        "native-tls" => Backend::NativeTls,
        _ => {
            eprintln!("usage: mockauth-reqwest [version] rustls|native-tls");
            exit(2);
        }
    };
    if version {
        print_version(backend);
        return;
    }
    exit(match run(backend, Material::read()) {
        Ok(status) => status,
        Err(error) => {
            eprintln!("{}", error);
            1
        }
    });
}

/// One line: reqwest, the TLS library of the backend (OpenSSL's version as this process loaded it),
/// hyper, and the compiler, from the versions this build resolved (build.rs).
fn print_version(backend: Backend) {
    let tls = match backend {
        Backend::Rustls => format!("rustls {} with ring {}", env!("LOCKED_RUSTLS_VERSION"), env!("LOCKED_RING_VERSION")),
        Backend::NativeTls => format!("native-tls {} on {}", env!("LOCKED_NATIVE_TLS_VERSION"), openssl::version::version()),
    };
    println!(
        "reqwest {} ({}; hyper {}, h2 {}; {})",
        env!("LOCKED_REQWEST_VERSION"),
        tls,
        env!("LOCKED_HYPER_VERSION"),
        env!("LOCKED_H2_VERSION"),
        env!("BUILT_WITH_RUSTC")
    );
}

/// Each PEM certificate of a file, one by one (reqwest's Certificate::from_pem takes one).
fn certificates(pem: &str) -> Vec<String> {
    const END: &str = "-----END CERTIFICATE-----";
    pem.split_inclusive(END).filter(|block| block.contains("-----BEGIN CERTIFICATE-----")).map(String::from).collect()
}

fn run(backend: Backend, material: Material) -> Result<i32, Box<dyn std::error::Error>> {
    let mut builder = Client::builder().cookie_store(true).timeout(Duration::from_secs(30));
    builder = match backend {
        Backend::Rustls => builder.use_rustls_tls(),
        Backend::NativeTls => builder.use_native_tls(),
    };
    if let Some(path) = &material.ca_file {
        builder = builder.tls_built_in_root_certs(false);
        for pem in certificates(&fs::read_to_string(path)?) {
            builder = builder.add_root_certificate(Certificate::from_pem(pem.as_bytes())?);
        }
    }
    if let Some(identity) = &material.identity {
        builder = match (backend, identity) {
            (Backend::Rustls, material::Identity { certificate: Some(certificate), key: Some(key), .. }) => {
                let mut pem = fs::read(certificate)?;
                pem.extend(fs::read(key)?);
                builder.identity(Identity::from_pem(&pem)?)
            }
            (Backend::NativeTls, material::Identity { pkcs12: Some(pkcs12), .. }) => builder.identity(
                Identity::from_pkcs12_der(&fs::read(pkcs12)?, material.pkcs12_password.as_deref().unwrap_or(""))?,
            ),
            _ => builder,
        };
    }
    builder = match &material.proxy {
        None => builder.no_proxy(),
        Some(proxy) if !proxy.bypass.is_empty() => {
            // The system proxy (reqwest reads these once, when the first Client is built), with
            // the account in the proxy's URL.
            let mut url = reqwest::Url::parse(&proxy.url)?;
            if let Some(account) = &proxy.account {
                url.set_username(&account.username).ok();
                url.set_password(Some(&account.password)).ok();
            }
            env::set_var("HTTP_PROXY", url.as_str());
            env::set_var("HTTPS_PROXY", url.as_str());
            env::set_var("NO_PROXY", proxy.bypass.join(","));
            builder
        }
        Some(proxy) => {
            let mut all = Proxy::all(proxy.url.as_str())?;
            if let Some(account) = &proxy.account {
                all = all.basic_auth(&account.username, &account.password);
            }
            builder.proxy(all)
        }
    };
    for host in &material.hosts {
        if let Ok(address) = host.address.parse::<IpAddr>() {
            builder = builder.resolve(&host.name, SocketAddr::new(address, host.port));
        }
    }
    let client = builder.build()?;

    let body = material.body()?;
    let method = match &material.method {
        Some(method) => Method::from_bytes(method.as_bytes())?,
        None if body.is_some() => Method::POST,
        None => Method::GET,
    };
    let mut status = 0;
    for (index, url) in material.urls.iter().enumerate() {
        let position = index + 1;
        // What the scenario asks between two requests (digest-stale lets its nonce go stale).
        if position > 1 {
            if let Some(seconds) = material.pause_seconds {
                thread::sleep(Duration::from_secs(seconds));
            }
        }
        let mut request = client.request(method.clone(), url.as_str());
        if let Some(token) = &material.token {
            request = request.bearer_auth(token);
        }
        for (name, value) in &material.headers {
            request = request.header(name.as_str(), value.as_str());
        }
        if let Some(account) = material.account(position) {
            request = request.basic_auth(&account.username, Some(&account.password));
        }
        if let Some(body) = &body {
            request = request.body(body.clone());
        }
        match request.send() {
            Ok(response) => {
                let code = response.status();
                println!("{} {} {:?}", url, code.as_u16(), response.version());
                let _ = response.bytes();
                if !code.is_success() {
                    status = 1;
                }
            }
            Err(error) => {
                eprintln!("{} {}", url, chain(&error));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// An error with its causes, for the transcript.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
