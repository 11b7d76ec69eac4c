"""What a scenario gives a Python reference adapter, read from its environment in one place.

The variables are the client contract (the README's "The environment a client command gets";
ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable that
does not apply is unset: its field here is None (or empty). The adapters read the environment
through `read()` alone; AdapterReaderTests keeps this file naming every variable of the contract and
no other.
"""
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, List, NamedTuple, Optional

# The authentication schemes among the feature names (bearer is a token, not an account's scheme).
SCHEMES = {
    "basic", "digest-md5", "digest-md5-sess", "digest-sha256", "digest-sha256-sess",
    "digest-sha512-256", "digest-sha512-256-sess", "ntlm", "negotiate",
}


class Account(NamedTuple):
    """An account: the password is empty when none is given, the domain (NTLM's) None."""
    username: str
    password: str
    domain: Optional[str]


class Identity(NamedTuple):
    """A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle."""
    certificate: Optional[str]
    key: Optional[str]
    pkcs12: Optional[str]


class Proxy(NamedTuple):
    """The proxy's URL (http://, https://, socks5:// or socks5h://), its account, and the host
    names to reach without it (MOCKAUTH_NO_PROXY: comma-separated, as NO_PROXY lists them)."""
    url: str
    account: Optional[Account]
    bypass: List[str] = []


class Host(NamedTuple):
    """A name under .test, the port it is reached on, and its address (an IPv6 one without brackets)."""
    name: str
    port: str
    address: str


def _account(env, username: str, password: str, domain: str) -> Optional[Account]:
    if username not in env:
        return None
    return Account(env[username], env.get(password, ""), env.get(domain))


def _identity(env, certificate: str, key: str, pkcs12: str) -> Optional[Identity]:
    if not any(name in env for name in (certificate, key, pkcs12)):
        return None
    return Identity(env.get(certificate), env.get(key), env.get(pkcs12))


def _headers(lines: str) -> List[tuple]:
    """MOCKAUTH_HEADERS: one `Name: value` line each (the value without the spaces after the colon);
    a line without a colon is skipped."""
    fields = []
    for line in lines.split("\n"):
        name, colon, value = line.partition(":")
        if colon:
            fields.append((name, value.lstrip(" \t")))
    return fields


def _hosts(entries: str) -> List[Host]:
    """MOCKAUTH_RESOLVE: `name:port:address` entries, space-separated (curl's --resolve form)."""
    hosts = []
    for entry in entries.split():
        parts = entry.split(":", 2)
        if len(parts) == 3:
            hosts.append(Host(parts[0], parts[1], parts[2].strip("[]")))
    return hosts


class Material:
    """The scenario's material, as the environment `env` gives it."""

    def __init__(self, env):
        self.scenario: Optional[str] = env.get("MOCKAUTH_SCENARIO")
        # Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
        self.urls: List[str] = env.get("MOCKAUTH_URLS", env.get("MOCKAUTH_URL", "")).split()
        # What the scenario needs: a word per feature, `a|b` for alternatives.
        self.features: List[str] = env.get("MOCKAUTH_FEATURES", "").split()
        self.ca_file: Optional[str] = env.get("MOCKAUTH_CA_FILE")
        self.identity = _identity(env, "MOCKAUTH_CLIENT_CERT", "MOCKAUTH_CLIENT_KEY", "MOCKAUTH_CLIENT_P12")
        self.second_identity = _identity(env, "MOCKAUTH_CLIENT_CERT_2", "MOCKAUTH_CLIENT_KEY_2", "MOCKAUTH_CLIENT_P12_2")
        self.pkcs12_password: Optional[str] = env.get("MOCKAUTH_CLIENT_P12_PASSWORD")
        # curl's form: sha256//BASE64, several separated by `;`.
        self.pin_sha256: Optional[str] = env.get("MOCKAUTH_PIN_SHA256")
        self.credentials = _account(env, "MOCKAUTH_USERNAME", "MOCKAUTH_PASSWORD", "MOCKAUTH_DOMAIN")
        # The accounts of later URLs that have their own, by the URL's 1-based position.
        self.request_accounts: Dict[int, Account] = {}
        for position in range(2, len(self.urls) + 1):
            own = _account(env, f"MOCKAUTH_USERNAME_{position}", f"MOCKAUTH_PASSWORD_{position}",
                           f"MOCKAUTH_DOMAIN_{position}")
            if own:
                self.request_accounts[position] = own
        self.token: Optional[str] = env.get("MOCKAUTH_TOKEN")
        self.method: Optional[str] = env.get("MOCKAUTH_METHOD")
        self.body_file: Optional[str] = env.get("MOCKAUTH_BODY_FILE")
        self.headers: List[tuple] = _headers(env.get("MOCKAUTH_HEADERS", ""))
        self.proxy: Optional[Proxy] = None
        if "MOCKAUTH_PROXY_URL" in env:
            self.proxy = Proxy(env["MOCKAUTH_PROXY_URL"], _account(
                env, "MOCKAUTH_PROXY_USERNAME", "MOCKAUTH_PROXY_PASSWORD", "MOCKAUTH_PROXY_DOMAIN"),
                [name for name in env.get("MOCKAUTH_NO_PROXY", "").split(",") if name])
        self.hosts: List[Host] = _hosts(env.get("MOCKAUTH_RESOLVE", ""))
        self.hosts_file: Optional[str] = env.get("MOCKAUTH_HOSTS_FILE")
        # Seconds to wait after one request's answer before making the next.
        pause = env.get("MOCKAUTH_PAUSE_SECONDS")
        self.pause_seconds: Optional[int] = int(pause) if pause else None
        # Whether to send the requests to the URLs at once, each without waiting for another's answer.
        self.concurrent: bool = env.get("MOCKAUTH_CONCURRENT") == "1"
        # The run's Kerberos realm: a krb5.conf and a credential cache with the account's
        # ticket-granting ticket, for KRB5_CONFIG and KRB5CCNAME.
        self.krb5_config: Optional[str] = env.get("MOCKAUTH_KRB5_CONFIG")
        self.krb5_credential_cache: Optional[str] = env.get("MOCKAUTH_KRB5CCNAME")
        # The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes
        # there alone); None when the scenario has none.
        self.token_url: Optional[str] = env.get("MOCKAUTH_TOKEN_URL")
        self.client_id: Optional[str] = env.get("MOCKAUTH_CLIENT_ID")
        self.client_secret: Optional[str] = env.get("MOCKAUTH_CLIENT_SECRET")
        self.refresh_token: Optional[str] = env.get("MOCKAUTH_REFRESH_TOKEN")

    def account(self, position: int) -> Optional[Account]:
        """The account of the URL at 1-based `position`: its own, else the client's (None when it is
        given none)."""
        return self.request_accounts.get(position, self.credentials)

    def body(self) -> Optional[bytes]:
        """The body of each request: the bytes of MOCKAUTH_BODY_FILE, or None."""
        if self.body_file is None:
            return None
        with open(self.body_file, "rb") as file:
            return file.read()

    def each_url(self, fetch: Callable[[int, str], int]) -> int:
        """Calls `fetch(position, url)` for every URL (1-based positions) as the scenario asks: all at
        once, a thread each, when told to (MOCKAUTH_CONCURRENT); otherwise in order, waiting
        MOCKAUTH_PAUSE_SECONDS between two (digest-stale lets its nonce go stale that way). 1 when
        any `fetch` returned non-zero, else 0: the adapter's exit status."""
        positions = range(1, len(self.urls) + 1)
        if self.concurrent:
            with ThreadPoolExecutor(max_workers=len(self.urls)) as pool:
                outcomes = list(pool.map(fetch, positions, self.urls))
        else:
            outcomes = []
            for position, url in zip(positions, self.urls):
                if position > 1 and self.pause_seconds:
                    time.sleep(self.pause_seconds)
                outcomes.append(fetch(position, url))
        return 1 if any(outcomes) else 0

    def offered_schemes(self) -> set:
        """Every scheme the scenario's servers offer (a feature word per protection space, `a|b`
        when a server offers several): what a user knows when configuring a client for a server."""
        return {scheme for word in self.features for scheme in word.split("|") if scheme in SCHEMES}


def read(env=None) -> Material:
    """The material this process is given (its environment), or the one `env` describes."""
    return Material(os.environ if env is None else env)
