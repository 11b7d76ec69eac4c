"""The account a Python reference adapter gives each URL: MOCKAUTH_USERNAME_<position> (with its
password and domain) when the scenario gives that URL an account of its own, else the client's
MOCKAUTH_USERNAME; None when the client is given none."""
import os


def account(position: int, with_domain: bool = False):
    """The (user, password) of the URL at 1-based `position`, or (user, password, domain)."""
    env = os.environ
    suffix = f"_{position}" if position > 1 and f"MOCKAUTH_USERNAME_{position}" in env else ""
    if "MOCKAUTH_USERNAME" + suffix not in env:
        return None
    credentials = (env["MOCKAUTH_USERNAME" + suffix], env.get("MOCKAUTH_PASSWORD" + suffix, ""))
    return credentials + (env.get("MOCKAUTH_DOMAIN" + suffix),) if with_domain else credentials
