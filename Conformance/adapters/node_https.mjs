// Reference adapter: Node.js 20's node:https and node:http, as their documentation has a user call
// them: https.request / http.request with the options the documentation lists.
//
// - Trust: `ca` (the documentation: "Optionally override the trusted CA certificates"): the
//   contents of MOCKAUTH_CA_FILE replace Node's bundled roots. Identity: `cert` and `key`.
// - Pinning: Node has none; the adapter's `checkPins`, given as `checkServerIdentity` as the https
//   documentation's example does it: Node's own tls.checkServerIdentity first, then the SHA-256 of
//   the server certificate's public key (its SubjectPublicKeyInfo, HPKP's pin-sha256) must be one of
//   MOCKAUTH_PIN_SHA256's. Like the example, it pins the server's own certificate, not the rest of
//   the chain. The pin cells judge this code, not Node (Conformance/clients.yaml credits them so).
// - Names under .test: the request's `lookup` option (mockauth_lookup.mjs), the address only.
// - Basic: the `auth: "user:password"` option, which "computes an Authorization header": sent with
//   the first request, before any challenge (node:http answers no 401 itself). Bearer and
//   MOCKAUTH_HEADERS: `headers`.
// - node:http follows no redirect (a 3xx is the answer), keeps no cookies or HSTS policy, has no
//   proxy support in Node 20 and speaks no challenge-response scheme (Digest, NTLM, Negotiate):
//   Conformance/clients.yaml says so, and the adapter is not run there. Several URLs go through the
//   default agent, which keeps connections alive since Node 19.
// - What the scenario gives: read through mockauth_material.cjs.
// Exit 0 when every URL answered 2xx, 1 otherwise.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { lookup } from "./mockauth_lookup.mjs";
import { readMaterial } from "./mockauth_material.cjs";

const material = readMaterial();

const tlsOptions = {};
if (material.caFile) tlsOptions.ca = fs.readFileSync(material.caFile);
if (material.identity && material.identity.certificate) {
  tlsOptions.cert = fs.readFileSync(material.identity.certificate);
  tlsOptions.key = fs.readFileSync(material.identity.key);
}
/** The adapter's pin check (Node has no pinning): the https documentation's example, as a
 * `checkServerIdentity`: Node's host check, then the server certificate's own SPKI hash. */
function checkPins(pins) {
  return (host, certificate) => {
    const error = tls.checkServerIdentity(host, certificate);
    if (error) return error;
    const key = new crypto.X509Certificate(certificate.raw).publicKey.export({ type: "spki", format: "der" });
    const pin = crypto.createHash("sha256").update(key).digest("base64");
    if (!pins.includes(pin)) return new Error(`the public key of ${certificate.subject.CN} is not pinned (${pin})`);
    return undefined;
  };
}
if (material.pinSHA256) {
  tlsOptions.checkServerIdentity = checkPins(
    material.pinSHA256.split(";").map((pin) => pin.trim().replace(/^sha256\/\//, "")),
  );
}

/** The account of the URL at 1-based `position`, as the `auth` option takes it (user:password). */
function account(position) {
  const own = material.account(position);
  return own ? `${own.username}:${own.password}` : null;
}

const method = material.method || "GET";
const body = material.body();

function get(url, position) {
  const headers = {};
  if (material.token) headers.Authorization = `Bearer ${material.token}`;
  for (const [name, value] of material.headers) headers[name] = value;
  const options = { method, headers, lookup, timeout: 20000 };
  const auth = account(position);
  if (auth) options.auth = auth;
  const client = new URL(url).protocol === "https:" ? https : http;
  if (client === https) Object.assign(options, tlsOptions);
  return new Promise((resolve) => {
    const request = client.request(url, options, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
      response.on("error", (error) => resolve(error));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve(error));
    request.end(body);
  });
}

let status = 0;
let position = 0;
for (const url of material.urls) {
  position += 1;
  const answer = await get(url, position);
  if (typeof answer === "number") {
    console.log(url, answer);
    if (answer < 200 || answer > 299) status = 1;
  } else {
    console.error(url, answer.code || "", answer.message);
    status = 1;
  }
}
process.exit(status);
