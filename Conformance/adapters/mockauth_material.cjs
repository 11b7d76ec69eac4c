// What a scenario gives a Node.js reference adapter, read from its environment in one place.
//
// The variables are the client contract (the README's "The environment a client command gets";
// ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
// that does not apply is unset: its field here is null (or empty). The adapters read the environment
// through readMaterial() alone; AdapterReaderTests keeps this file naming every variable of the
// contract and no other. CommonJS, so that both the ES modules (node_fetch.mjs, node_https.mjs,
// mockauth_lookup.mjs: `import`) and chromium_adapter.js (`require`) load it as it is.
"use strict";
const fs = require("fs");

/** An account: the password is "" when none is given, the domain (NTLM's) null. */
function account(env, username, password, domain) {
  if (!(username in env)) return null;
  return { username: env[username], password: env[password] || "", domain: env[domain] || null };
}

/** A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle. */
function identity(env, certificate, key, pkcs12) {
  if (!env[certificate] && !env[key] && !env[pkcs12]) return null;
  return { certificate: env[certificate] || null, key: env[key] || null, pkcs12: env[pkcs12] || null };
}

/** MOCKAUTH_HEADERS: one `Name: value` line each, as [name, value] (the value without the spaces
 * after the colon); a line without a colon is skipped. */
function headers(lines) {
  const fields = [];
  for (const line of lines.split("\n")) {
    const colon = line.indexOf(":");
    if (colon >= 0) fields.push([line.slice(0, colon), line.slice(colon + 1).replace(/^[ \t]+/, "")]);
  }
  return fields;
}

/** MOCKAUTH_RESOLVE: `name:port:address` entries, space-separated (curl's --resolve form), as
 * { name, port, address } (an IPv6 address without its brackets). */
function hosts(entries) {
  const mappings = [];
  for (const entry of entries.split(/\s+/).filter(Boolean)) {
    const [name, port, ...address] = entry.split(":");
    if (address.length > 0) mappings.push({ name, port, address: address.join(":").replace(/^\[|\]$/g, "") });
  }
  return mappings;
}

/** The scenario's material, as `env` (by default this process's environment) gives it. */
function readMaterial(env = process.env) {
  // Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
  const urls = (env.MOCKAUTH_URLS || env.MOCKAUTH_URL || "").split(/\s+/).filter(Boolean);
  // The accounts of later URLs that have their own, by the URL's 1-based position.
  const requestAccounts = new Map();
  for (let position = 2; position <= urls.length; position++) {
    const own = account(
      env, `MOCKAUTH_USERNAME_${position}`, `MOCKAUTH_PASSWORD_${position}`, `MOCKAUTH_DOMAIN_${position}`);
    if (own) requestAccounts.set(position, own);
  }
  const credentials = account(env, "MOCKAUTH_USERNAME", "MOCKAUTH_PASSWORD", "MOCKAUTH_DOMAIN");
  const pause = env.MOCKAUTH_PAUSE_SECONDS;
  return {
    scenario: env.MOCKAUTH_SCENARIO || null,
    urls,
    // What the scenario needs: a word per feature, `a|b` for alternatives.
    features: (env.MOCKAUTH_FEATURES || "").split(/\s+/).filter(Boolean),
    caFile: env.MOCKAUTH_CA_FILE || null,
    identity: identity(env, "MOCKAUTH_CLIENT_CERT", "MOCKAUTH_CLIENT_KEY", "MOCKAUTH_CLIENT_P12"),
    secondIdentity: identity(env, "MOCKAUTH_CLIENT_CERT_2", "MOCKAUTH_CLIENT_KEY_2", "MOCKAUTH_CLIENT_P12_2"),
    pkcs12Password: env.MOCKAUTH_CLIENT_P12_PASSWORD || null,
    // curl's form: sha256//BASE64, several separated by `;`.
    pinSHA256: env.MOCKAUTH_PIN_SHA256 || null,
    credentials,
    requestAccounts,
    /** The account of the URL at 1-based `position`: its own, else the client's (null when none). */
    account(position) {
      return requestAccounts.get(position) || credentials;
    },
    token: env.MOCKAUTH_TOKEN || null,
    method: env.MOCKAUTH_METHOD || null,
    bodyFile: env.MOCKAUTH_BODY_FILE || null,
    /** The body of each request: the bytes of MOCKAUTH_BODY_FILE, or undefined. */
    body() {
      return env.MOCKAUTH_BODY_FILE ? fs.readFileSync(env.MOCKAUTH_BODY_FILE) : undefined;
    },
    headers: headers(env.MOCKAUTH_HEADERS || ""),
    proxy: env.MOCKAUTH_PROXY_URL
      ? {
          url: env.MOCKAUTH_PROXY_URL,
          account: account(env, "MOCKAUTH_PROXY_USERNAME", "MOCKAUTH_PROXY_PASSWORD", "MOCKAUTH_PROXY_DOMAIN"),
          // The host names to reach without the proxy: comma-separated, as NO_PROXY lists them.
          bypass: (env.MOCKAUTH_NO_PROXY || "").split(",").filter((name) => name),
        }
      : null,
    hosts: hosts(env.MOCKAUTH_RESOLVE || ""),
    hostsFile: env.MOCKAUTH_HOSTS_FILE || null,
    // Seconds to wait after one request's answer before making the next.
    pauseSeconds: pause ? Number.parseInt(pause, 10) : null,
    // Whether to send the requests to the URLs at once, each without waiting for another's answer.
    concurrent: env.MOCKAUTH_CONCURRENT === "1",
    // The run's Kerberos realm: a krb5.conf and a credential cache, for KRB5_CONFIG and KRB5CCNAME.
    krb5Config: env.MOCKAUTH_KRB5_CONFIG || null,
    krb5CredentialCache: env.MOCKAUTH_KRB5CCNAME || null,
    // The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes there
    // alone); null when the scenario has none.
    tokenEndpoint: env.MOCKAUTH_TOKEN_URL
      ? {
          url: env.MOCKAUTH_TOKEN_URL,
          clientId: env.MOCKAUTH_CLIENT_ID || "",
          clientSecret: env.MOCKAUTH_CLIENT_SECRET || "",
          refreshToken: env.MOCKAUTH_REFRESH_TOKEN || "",
        }
      : null,
  };
}

module.exports = { readMaterial };
