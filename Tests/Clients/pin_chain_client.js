// A client that pins as HPKP, TrustKit and OkHttp do: the chain is validated first (Node's own CA
// and host checks), then a pin (MOCKAUTH_PIN_SHA256, curl's form) must match the key of any
// certificate in it. Exit 0 on a 2xx answer, 1 otherwise.
const crypto = require("crypto");
const fs = require("fs");
const https = require("https");
const tls = require("tls");

const pins = (process.env.MOCKAUTH_PIN_SHA256 || "").split(";").map((pin) => pin.trim().replace(/^sha256\/\//, ""));

function spkiPin(raw) {
  const key = new crypto.X509Certificate(raw).publicKey.export({ type: "spki", format: "der" });
  return crypto.createHash("sha256").update(key).digest("base64");
}

function checkServerIdentity(host, certificate) {
  const error = tls.checkServerIdentity(host, certificate);
  if (error) return error;
  for (let current = certificate; current; ) {
    if (pins.includes(spkiPin(current.raw))) return undefined;
    const issuer = current.issuerCertificate;
    current = issuer && issuer !== current ? issuer : null;
  }
  return new Error("no certificate of the chain carries a pinned key");
}

https
  .get(process.env.MOCKAUTH_URL, { ca: fs.readFileSync(process.env.MOCKAUTH_CA_FILE), checkServerIdentity }, (response) => {
    response.resume();
    process.exitCode = response.statusCode >= 200 && response.statusCode < 300 ? 0 : 1;
  })
  .on("error", (error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
