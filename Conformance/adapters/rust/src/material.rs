// What a scenario gives the Rust reference adapters, read from their environment in one place.
//
// The variables are the client contract (the README's "The environment a client command gets";
// ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
// that does not apply is unset: its field here is None (or empty). The adapters (src/bin) read the
// environment through Material::read alone; AdapterReaderTests keeps this file naming every variable
// of the contract and no other.
use std::collections::HashMap;
use std::env;

/// An account: the password is "" when none is given, the domain (NTLM's) None.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Account {
    pub username: String,
    pub password: String,
    pub domain: Option<String>,
}

/// A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle.
#[derive(Clone, Debug)]
pub struct Identity {
    pub certificate: Option<String>,
    pub key: Option<String>,
    pub pkcs12: Option<String>,
}

/// The proxy's URL (http://, https://, socks5:// or socks5h://), its account, and the host names to
/// reach without it (MOCKAUTH_NO_PROXY: comma-separated, as NO_PROXY lists them).
#[derive(Clone, Debug)]
pub struct Proxy {
    pub url: String,
    pub account: Option<Account>,
    pub bypass: Vec<String>,
}

/// A name under .test, the port it is reached on, and its address (an IPv6 one without brackets).
#[derive(Clone, Debug)]
pub struct Host {
    pub name: String,
    pub port: u16,
    pub address: String,
}

/// What the scenario gives.
#[derive(Clone, Debug, Default)]
pub struct Material {
    pub scenario: Option<String>,
    /// Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
    pub urls: Vec<String>,
    /// What the scenario needs: a word per feature, `a|b` for alternatives.
    pub features: Vec<String>,
    pub ca_file: Option<String>,
    pub identity: Option<Identity>,
    pub second_identity: Option<Identity>,
    pub pkcs12_password: Option<String>,
    /// curl's form: sha256//BASE64, several separated by `;`.
    pub pin_sha256: Option<String>,
    pub credentials: Option<Account>,
    /// The accounts of later URLs that have their own, by the URL's 1-based position.
    pub request_accounts: HashMap<usize, Account>,
    pub token: Option<String>,
    pub method: Option<String>,
    pub body_file: Option<String>,
    /// The header lines to send with each request, as (name, value).
    pub headers: Vec<(String, String)>,
    pub proxy: Option<Proxy>,
    pub hosts: Vec<Host>,
    pub hosts_file: Option<String>,
    /// Seconds to wait after one request's answer before making the next; None for no pause.
    pub pause_seconds: Option<u64>,
    /// Whether to send the requests to the URLs at once, each without waiting for another's answer.
    pub concurrent: bool,
    /// The run's Kerberos realm: a krb5.conf and a credential cache, for KRB5_CONFIG and KRB5CCNAME.
    pub krb5_config: Option<String>,
    pub krb5_credential_cache: Option<String>,
    /// The OAuth 2.0 token endpoint's URL, its client id and secret, and the refresh token (which
    /// goes there alone); None when the scenario has none.
    pub token_url: Option<String>,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
    pub refresh_token: Option<String>,
}

fn text(name: &str) -> Option<String> {
    env::var(name).ok()
}

fn account(username: &str, password: &str, domain: &str) -> Option<Account> {
    Some(Account { username: text(username)?, password: text(password).unwrap_or_default(), domain: text(domain) })
}

fn identity(certificate: &str, key: &str, pkcs12: &str) -> Option<Identity> {
    let identity = Identity { certificate: text(certificate), key: text(key), pkcs12: text(pkcs12) };
    if identity.certificate.is_none() && identity.key.is_none() && identity.pkcs12.is_none() {
        return None;
    }
    Some(identity)
}

fn words(list: &str) -> Vec<String> {
    list.split_whitespace().map(String::from).collect()
}

impl Material {
    /// The material this process is given (its environment).
    pub fn read() -> Material {
        let urls = words(&text("MOCKAUTH_URLS").or_else(|| text("MOCKAUTH_URL")).unwrap_or_default());
        let mut material = Material {
            scenario: text("MOCKAUTH_SCENARIO"),
            features: words(&text("MOCKAUTH_FEATURES").unwrap_or_default()),
            ca_file: text("MOCKAUTH_CA_FILE"),
            identity: identity("MOCKAUTH_CLIENT_CERT", "MOCKAUTH_CLIENT_KEY", "MOCKAUTH_CLIENT_P12"),
            second_identity: identity("MOCKAUTH_CLIENT_CERT_2", "MOCKAUTH_CLIENT_KEY_2", "MOCKAUTH_CLIENT_P12_2"),
            pkcs12_password: text("MOCKAUTH_CLIENT_P12_PASSWORD"),
            pin_sha256: text("MOCKAUTH_PIN_SHA256"),
            credentials: account("MOCKAUTH_USERNAME", "MOCKAUTH_PASSWORD", "MOCKAUTH_DOMAIN"),
            token: text("MOCKAUTH_TOKEN"),
            method: text("MOCKAUTH_METHOD"),
            body_file: text("MOCKAUTH_BODY_FILE"),
            hosts_file: text("MOCKAUTH_HOSTS_FILE"),
            concurrent: text("MOCKAUTH_CONCURRENT").as_deref() == Some("1"),
            krb5_config: text("MOCKAUTH_KRB5_CONFIG"),
            krb5_credential_cache: text("MOCKAUTH_KRB5CCNAME"),
            token_url: text("MOCKAUTH_TOKEN_URL"),
            client_id: text("MOCKAUTH_CLIENT_ID"),
            client_secret: text("MOCKAUTH_CLIENT_SECRET"),
            refresh_token: text("MOCKAUTH_REFRESH_TOKEN"),
            ..Material::default()
        };
        for position in 2..=urls.len() {
            let own = account(
                &format!("MOCKAUTH_USERNAME_{}", position),
                &format!("MOCKAUTH_PASSWORD_{}", position),
                &format!("MOCKAUTH_DOMAIN_{}", position),
            );
            if let Some(own) = own {
                material.request_accounts.insert(position, own);
            }
        }
        material.urls = urls;
        // One `Name: value` line each (the value without the spaces after the colon); a line
        // without a colon is skipped.
        for line in text("MOCKAUTH_HEADERS").unwrap_or_default().split('\n') {
            if let Some((name, value)) = line.split_once(':') {
                material.headers.push((name.to_string(), value.trim_start_matches(&[' ', '\t'][..]).to_string()));
            }
        }
        if let Some(url) = text("MOCKAUTH_PROXY_URL") {
            material.proxy = Some(Proxy {
                url,
                account: account("MOCKAUTH_PROXY_USERNAME", "MOCKAUTH_PROXY_PASSWORD", "MOCKAUTH_PROXY_DOMAIN"),
                bypass: text("MOCKAUTH_NO_PROXY")
                    .unwrap_or_default()
                    .split(',')
                    .filter(|name| !name.is_empty())
                    .map(String::from)
                    .collect(),
            });
        }
        // name:port:address entries, space-separated (curl's --resolve form).
        for entry in words(&text("MOCKAUTH_RESOLVE").unwrap_or_default()) {
            let parts: Vec<&str> = entry.splitn(3, ':').collect();
            if let [name, port, address] = parts[..] {
                if let Ok(port) = port.parse() {
                    let address = address.trim_start_matches('[').trim_end_matches(']').to_string();
                    material.hosts.push(Host { name: name.to_string(), port, address });
                }
            }
        }
        material.pause_seconds = text("MOCKAUTH_PAUSE_SECONDS").and_then(|seconds| seconds.parse().ok());
        material
    }

    /// The account of the URL at 1-based `position`: its own, else the client's (None when none).
    pub fn account(&self, position: usize) -> Option<&Account> {
        self.request_accounts.get(&position).or(self.credentials.as_ref())
    }

    /// The body of each request: the bytes of MOCKAUTH_BODY_FILE, or None.
    pub fn body(&self) -> std::io::Result<Option<Vec<u8>>> {
        self.body_file.as_ref().map(std::fs::read).transpose()
    }

    /// Whether a feature the scenario needs, or one of a word's `a|b` alternatives, is `name`.
    pub fn needs(&self, name: &str) -> bool {
        self.features.iter().any(|word| word.split('|').any(|feature| feature == name))
    }
}
