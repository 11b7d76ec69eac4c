// Reference adapter: Rust's ureq 2 (an Agent, on rustls), configured as its documentation shows.
//
//   mockauth-ureq           the scenario's URLs
//   mockauth-ureq version   one line: ureq, rustls and ring, rustc
//
// - Trust and identity: AgentBuilder::tls_config with a rustls ClientConfig (the example of its
//   documentation): a RootCertStore of the CA file's certificates alone, and with_single_cert for
//   the identity's certificate and PKCS#8 key (rustls takes one identity).
// - Proxy: Proxy::new("scheme://user:password@host:port") (http:// tunnels every request with
//   CONNECT; socks5h:// given as socks5://, whose connector hands the name to the proxy).
// - Credentials: ureq has no authentication API (it removed its Basic in 2.0: "The API was
//   incomplete"); its documentation sets Authorization with Request::set, so the adapter writes the
//   Basic header itself (basic_authorization), sent with the first request. The token and
//   MOCKAUTH_HEADERS are set the same way.
// - Cookies: the Agent's own store (the `cookies` Cargo feature); redirects: its default (up to 5,
//   Authorization dropped on every hop: RedirectAuthHeaders::Never).
// - Names under .test: AgentBuilder::resolver, the address of each.
// - One Agent for the run's URLs: one cookie store, one connection pool.
//
// What the scenario gives is read through material (src/material.rs). What ureq lacks (HTTP/2,
// Digest, NTLM, Negotiate, pinning, HSTS, TLS to a proxy, NO_PROXY, refreshing a token) is
// Conformance/clients.yaml's to say: the adapter is not run there.
//
// Exit 0 if every URL answered 2xx, 1 otherwise.
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::process::exit;
use std::sync::Arc;
use std::{env, thread, time::Duration};

use material::{Account, Material};

fn main() {
    if env::args().nth(1).as_deref() == Some("version") {
        println!(
            "ureq {} (rustls {} with ring {}; {})",
            env!("LOCKED_UREQ_VERSION"),
            env!("LOCKED_RUSTLS_VERSION"),
            env!("LOCKED_RING_VERSION"),
            env!("BUILT_WITH_RUSTC")
        );
        return;
    }
    exit(match run(Material::read()) {
        Ok(status) => status,
        Err(error) => {
            eprintln!("{}", error);
            1
        }
    });
}

/// The Basic Authorization header of an account: base64 of UTF-8 `user:password` (RFC 7617).
fn basic_authorization(account: &Account) -> String {
    format!("Basic {}", base64::encode(format!("{}:{}", account.username, account.password)))
}

/// The rustls configuration of the scenario, as ureq's tls_config example builds one; None (ureq's
/// own, with the system's roots) when it gives no CA file.
fn tls_config(material: &Material) -> Result<Option<rustls::ClientConfig>, Box<dyn std::error::Error>> {
    let path = match &material.ca_file {
        Some(path) => path,
        None => return Ok(None),
    };
    let mut roots = rustls::RootCertStore::empty();
    for certificate in rustls_pemfile::certs(&mut BufReader::new(File::open(path)?))? {
        roots.add(&rustls::Certificate(certificate))?;
    }
    let builder = rustls::ClientConfig::builder().with_safe_defaults().with_root_certificates(roots);
    let identity = material.identity.as_ref().and_then(|identity| Some((identity.certificate.as_ref()?, identity.key.as_ref()?)));
    Ok(Some(match identity {
        Some((certificate, key)) => {
            let chain = rustls_pemfile::certs(&mut BufReader::new(File::open(certificate)?))?
                .into_iter()
                .map(rustls::Certificate)
                .collect();
            let key = rustls_pemfile::pkcs8_private_keys(&mut BufReader::new(File::open(key)?))?
                .into_iter()
                .next()
                .ok_or("the client key file holds no PKCS#8 key")?;
            builder.with_single_cert(chain, rustls::PrivateKey(key))?
        }
        None => builder.with_no_client_auth(),
    }))
}

fn run(material: Material) -> Result<i32, Box<dyn std::error::Error>> {
    let mut builder = ureq::AgentBuilder::new().timeout(Duration::from_secs(30));
    if let Some(config) = tls_config(&material)? {
        builder = builder.tls_config(Arc::new(config));
    }
    if let Some(proxy) = &material.proxy {
        let (scheme, rest) = proxy.url.split_once("://").unwrap_or(("http", proxy.url.as_str()));
        let scheme = if scheme == "socks5h" { "socks5" } else { scheme };
        let rest = rest.trim_end_matches('/');
        let url = match &proxy.account {
            Some(account) => format!("{}://{}:{}@{}", scheme, account.username, account.password, rest),
            None => format!("{}://{}", scheme, rest),
        };
        builder = builder.proxy(ureq::Proxy::new(url)?);
    }
    let names: HashMap<String, IpAddr> = material
        .hosts
        .iter()
        .filter_map(|host| Some((host.name.to_lowercase(), host.address.parse().ok()?)))
        .collect();
    if !names.is_empty() {
        builder = builder.resolver(move |netloc: &str| -> io::Result<Vec<SocketAddr>> {
            if let Some((name, port)) = netloc.rsplit_once(':') {
                if let (Some(address), Ok(port)) = (names.get(&name.to_lowercase()), port.parse()) {
                    return Ok(vec![SocketAddr::new(*address, port)]);
                }
            }
            netloc.to_socket_addrs().map(Iterator::collect)
        });
    }
    let agent = builder.build();

    let body = material.body()?;
    let method = material.method.clone().unwrap_or_else(|| if body.is_some() { "POST" } else { "GET" }.to_string());
    let mut status = 0;
    for (index, url) in material.urls.iter().enumerate() {
        let position = index + 1;
        // What the scenario asks between two requests (digest-stale lets its nonce go stale).
        if position > 1 {
            if let Some(seconds) = material.pause_seconds {
                thread::sleep(Duration::from_secs(seconds));
            }
        }
        let mut request = agent.request(&method, url);
        if let Some(token) = &material.token {
            request = request.set("Authorization", &format!("Bearer {}", token));
        }
        for (name, value) in &material.headers {
            request = request.set(name, value);
        }
        if let Some(account) = material.account(position) {
            request = request.set("Authorization", &basic_authorization(account));
        }
        let result = match &body {
            Some(body) => request.send_bytes(body),
            None => request.call(),
        };
        match result {
            Ok(response) => {
                let code = response.status();
                println!("{} {} {}", url, code, response.http_version());
                let _ = response.into_reader().read_to_end(&mut Vec::new());
                if code / 100 != 2 {
                    status = 1;
                }
            }
            Err(ureq::Error::Status(code, response)) => {
                println!("{} {} {}", url, code, response.http_version());
                status = 1;
            }
            Err(error) => {
                eprintln!("{} {}", url, error);
                status = 1;
            }
        }
    }
    Ok(status)
}
