"""What a Python reference adapter is given to authenticate with: the account of each URL
(MOCKAUTH_USERNAME_<position>, with its password and domain, when the scenario gives that URL an
account of its own, else the client's MOCKAUTH_USERNAME; None when the client is given none), and
the schemes the scenario's servers are set up with (MOCKAUTH_FEATURES), which is what a user knows
when configuring a client for a server: requests, httpx and aiohttp pick no scheme themselves, the
user gives them the auth object of the server's scheme."""
import os

# The authentication schemes among the feature names (bearer is a token, not an account's scheme).
SCHEMES = {
    "basic", "digest-md5", "digest-md5-sess", "digest-sha256", "digest-sha256-sess",
    "digest-sha512-256", "digest-sha512-256-sess", "ntlm", "negotiate",
}


def account(position: int, with_domain: bool = False):
    """The (user, password) of the URL at 1-based `position`, or (user, password, domain)."""
    env = os.environ
    suffix = f"_{position}" if position > 1 and f"MOCKAUTH_USERNAME_{position}" in env else ""
    if "MOCKAUTH_USERNAME" + suffix not in env:
        return None
    credentials = (env["MOCKAUTH_USERNAME" + suffix], env.get("MOCKAUTH_PASSWORD" + suffix, ""))
    return credentials + (env.get("MOCKAUTH_DOMAIN" + suffix),) if with_domain else credentials


def offered_schemes() -> set:
    """Every scheme the scenario's servers offer (MOCKAUTH_FEATURES: a word per protection space,
    `a|b` when a server offers several)."""
    words = os.environ.get("MOCKAUTH_FEATURES", "").split()
    return {scheme for word in words for scheme in word.split("|") if scheme in SCHEMES}
