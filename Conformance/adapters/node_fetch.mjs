// Reference adapter: Node.js 20's built-in fetch (undici), as its documentation has a user call it.
// Run through node_fetch.sh, which starts node the way Node's CLI documentation makes it trust one
// CA file only (--use-openssl-ca with SSL_CERT_FILE; no per-call CA option exists for fetch).
//
// - Redirects: followed (fetch's default, redirect: "follow"); the Fetch standard, not this adapter,
//   decides which headers survive a hop to another origin.
// - Basic: a preemptive `Authorization: Basic` header on every request of the account (fetch has no
//   credentials option for it, refuses a URL with user:password, and never answers a 401 itself),
//   so a scenario that wants no credentials before the challenge sees them anyway. Bearer: the
//   token as `Authorization: Bearer`. MOCKAUTH_HEADERS: set on each request.
// - Names under .test: dns.lookup is made to answer MOCKAUTH_RESOLVE's names (mockauth_lookup.mjs),
//   the address only, as the Python adapters do; fetch takes no `lookup` of its own.
// - Several URLs share the process and so undici's connection pool; fetch keeps no cookies.
// What Node 20's fetch lacks without the separate undici package (a client certificate, pinning,
// any proxy), or at all (Digest, NTLM, Negotiate: it answers no challenge; cookies; HSTS) is
// Conformance/clients.yaml's to say: the adapter is not run there.
// Exit 0 when every URL answered 2xx, 1 otherwise.
import fs from "node:fs";
import { installLookup } from "./mockauth_lookup.mjs";

const env = process.env;
installLookup();

/** The adapter's Basic `Authorization` value: fetch has no credentials option and answers no 401,
 * so every Basic cell judges when and how this code sends it (Conformance/clients.yaml credits
 * them to the adapter). */
function basicAuthorization(credentials) {
  return `Basic ${Buffer.from(credentials.join(":")).toString("base64")}`;
}

function account(position) {
  const suffix = position > 1 && `MOCKAUTH_USERNAME_${position}` in env ? `_${position}` : "";
  if (!(`MOCKAUTH_USERNAME${suffix}` in env)) return null;
  return [env[`MOCKAUTH_USERNAME${suffix}`], env[`MOCKAUTH_PASSWORD${suffix}`] || ""];
}

const method = env.MOCKAUTH_METHOD || "GET";
const body = env.MOCKAUTH_BODY_FILE ? fs.readFileSync(env.MOCKAUTH_BODY_FILE) : undefined;
let status = 0;
let position = 0;
for (const url of (env.MOCKAUTH_URLS || env.MOCKAUTH_URL).split(/\s+/).filter(Boolean)) {
  position += 1;
  const headers = new Headers();
  if (env.MOCKAUTH_TOKEN) headers.set("Authorization", `Bearer ${env.MOCKAUTH_TOKEN}`);
  for (const line of (env.MOCKAUTH_HEADERS || "").split("\n").filter(Boolean)) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const credentials = account(position);
  if (credentials) {
    headers.set("Authorization", basicAuthorization(credentials));
  }
  try {
    const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(20000) });
    await response.arrayBuffer();
    console.log(url, response.status, response.url === url ? "" : `(at ${response.url})`);
    if (response.status < 200 || response.status > 299) status = 1;
  } catch (error) {
    console.error(url, error.message, error.cause ? `(${error.cause.code || ""} ${error.cause.message})` : "");
    status = 1;
  }
}
process.exit(status);
