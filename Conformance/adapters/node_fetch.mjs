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
// - What the scenario gives: read through mockauth_material.cjs.
// What Node 20's fetch lacks without the separate undici package (a client certificate, pinning,
// any proxy), or at all (Digest, NTLM, Negotiate: it answers no challenge; cookies; HSTS) is
// Conformance/clients.yaml's to say: the adapter is not run there.
// Exit 0 when every URL answered 2xx, 1 otherwise.
import { installLookup } from "./mockauth_lookup.mjs";
import { readMaterial } from "./mockauth_material.cjs";

const material = readMaterial();
installLookup();

/** The adapter's Basic `Authorization` value: fetch has no credentials option and answers no 401,
 * so every Basic cell judges when and how this code sends it (Conformance/clients.yaml credits
 * them to the adapter). */
function basicAuthorization(credentials) {
  return `Basic ${Buffer.from(credentials.join(":")).toString("base64")}`;
}

/** The account of the URL at 1-based `position`, as [user, password]. */
function account(position) {
  const own = material.account(position);
  return own ? [own.username, own.password] : null;
}

const method = material.method || "GET";
const body = material.body();
let status = 0;
let position = 0;
for (const url of material.urls) {
  position += 1;
  const headers = new Headers();
  if (material.token) headers.set("Authorization", `Bearer ${material.token}`);
  for (const [name, value] of material.headers) headers.append(name, value);
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
