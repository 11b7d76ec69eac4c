// Node's https.get as an application uses it: Node's own certificate and host checks, the CA file
// it was given, and the names under .test resolved as MOCKAUTH_RESOLVE says (curl's --resolve
// form; only the address changes, Node names the host). Exit 0 on a 2xx answer, 1 otherwise.
const fs = require("fs");
const https = require("https");

const addresses = new Map(
  (process.env.MOCKAUTH_RESOLVE || "")
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [name, , address] = entry.split(":");
      return [name.toLowerCase(), address.replace(/^\[|\]$/g, "")];
    }),
);

function lookup(hostname, options, callback) {
  const address = addresses.get(hostname.toLowerCase());
  if (!address) return require("dns").lookup(hostname, options, callback);
  const family = address.includes(":") ? 6 : 4;
  if (options && options.all) return callback(null, [{ address, family }]);
  return callback(null, address, family);
}

https
  .get(process.env.MOCKAUTH_URL, { ca: fs.readFileSync(process.env.MOCKAUTH_CA_FILE), lookup }, (response) => {
    response.resume();
    process.exitCode = response.statusCode >= 200 && response.statusCode < 300 ? 0 : 1;
  })
  .on("error", (error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
