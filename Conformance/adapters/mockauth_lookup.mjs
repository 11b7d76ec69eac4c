// The scenario's names under .test, resolved as MOCKAUTH_RESOLVE says (curl's --resolve form), for
// the Node.js adapters: the same job as mockauth_resolve.py. It changes which address a name stands
// for, nothing else: the name reaches it as the client spelled it (Node's URL parser has already
// turned an internationalized name into its A-label), and every other name goes to dns.lookup.
import dns from "node:dns";
import { readMaterial } from "./mockauth_material.cjs";

const systemLookup = dns.lookup;

const names = new Map();
for (const { name, address } of readMaterial().hosts) names.set(name.toLowerCase(), address);

/** A `lookup` with dns.lookup's signature (the `lookup` option of net, tls, http and https). */
export function lookup(hostname, options, callback) {
  if (typeof options === "function") [options, callback] = [{}, options];
  if (typeof options === "number") options = { family: options };
  const address = names.get(String(hostname).toLowerCase());
  if (address === undefined) return systemLookup.call(dns, hostname, options, callback);
  const family = address.includes(":") ? 6 : 4;
  if (options && options.all) process.nextTick(callback, null, [{ address, family }]);
  else process.nextTick(callback, null, address, family);
}

/** Makes dns.lookup itself answer the names, for a client that takes no `lookup` (fetch). */
export function installLookup() {
  if (names.size > 0) dns.lookup = lookup;
}
