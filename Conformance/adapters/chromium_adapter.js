#!/usr/bin/env node
// Reference adapter: headless Chromium, its own network stack and certificate verifier, as a user
// meets them: it loads each URL of MOCKAUTH_URLS in one tab (one profile: cookies and HSTS state are
// shared by the run's URLs) and reports whether each page loaded with a 2xx status.
//
// Trust: the harness CA goes into the NSS database of a throwaway HOME ($HOME/.pki/nssdb, certutil
// -A -t C,,), where Chromium on Linux reads locally trusted roots, as its documentation tells a user
// to add one. Names under .test: --host-resolver-rules (MAP name address). A proxy:
// --proxy-server, with --proxy-bypass-list=<-loopback> so that loopback origins go through it too,
// and the hosts MOCKAUTH_NO_PROXY lists, which go around it.
// Chromium is driven over the DevTools protocol on --remote-debugging-pipe (Node's standard library
// only): Page.navigate's errorText (net::ERR_CERT_…) tells a refused certificate from a loaded page,
// and the document's response gives its status.
//
// What Chromium lacks (user-set public-key pins, SOCKS5 authentication, Digest SHA-512-256) and
// what this adapter does not drive (credentials: it answers no authentication prompt; tokens,
// headers, client certificates) is Conformance/clients.yaml's to say: the adapter is not run there.
// What the scenario gives is read through mockauth_material.cjs.
// Exit 0 if every URL loaded with 2xx, 89 for a request body or a method other than GET (a page
// load is a GET; no feature names that, so the adapter finds it at run time), 1 otherwise.
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { readMaterial } = require("./mockauth_material.cjs");

const material = readMaterial();
const UNSUPPORTED = 89;

function unsupported(why) {
  process.stderr.write(`${why}\n`);
  process.exit(UNSUPPORTED);
}

if (material.bodyFile || (material.method && material.method !== "GET")) unsupported("a page load is a GET");

const home = fs.mkdtempSync(path.join(os.tmpdir(), "mockauth-chromium-"));
let browser = null;
let exited = null;
async function cleanUp() {
  if (browser) {
    // Browser.close was sent: Chromium writes its profile and exits; a second at most. Then its
    // process group (Chromium's helpers, which hold the sockets) goes too.
    if (browser.exitCode === null && browser.signalCode === null) {
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
    try {
      process.kill(-browser.pid, "SIGKILL");
    } catch (error) {
      // The group is gone already.
    }
    await exited;
  }
  fs.rmSync(home, { recursive: true, force: true, maxRetries: 3 });
}

function trustCA() {
  const file = material.caFile;
  if (!file) return;
  const database = path.join(home, ".pki", "nssdb");
  fs.mkdirSync(database, { recursive: true });
  execFileSync("certutil", ["-N", "-d", `sql:${database}`, "--empty-password"], { stdio: "ignore" });
  const pem = fs.readFileSync(file, "utf8");
  const certificates = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) || [];
  certificates.forEach((certificate, index) => {
    const one = path.join(home, `ca-${index}.pem`);
    fs.writeFileSync(one, certificate + "\n");
    // C,, : a trusted CA for TLS servers (nothing else).
    execFileSync("certutil", ["-A", "-d", `sql:${database}`, "-n", `mockauth-${index}`, "-t", "C,,", "-a", "-i", one], { stdio: "ignore" });
  });
}

function chromiumArguments() {
  const args = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
    "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-extensions", "--mute-audio", "--password-store=basic",
    `--user-data-dir=${path.join(home, "profile")}`, "--remote-debugging-pipe",
  ];
  const rules = material.hosts.map(({ name, address }) => `MAP ${name} ${address}`);
  if (rules.length) args.push(`--host-resolver-rules=${rules.join(",")}`);
  if (material.proxy) {
    // socks5h:// is what other clients call a SOCKS5 proxy that resolves names; Chromium's socks5://
    // always hands the name to the proxy.
    // The hosts to reach without it (MOCKAUTH_NO_PROXY) join the bypass list (";"-separated).
    const bypass = ["<-loopback>", ...material.proxy.bypass].join(";");
    args.push(`--proxy-server=${material.proxy.url.replace(/^socks5h:/, "socks5:")}`, `--proxy-bypass-list=${bypass}`);
  }
  args.push("about:blank");
  return args;
}

// The DevTools protocol over fds 3 (to Chromium) and 4 (from it), one JSON message per NUL.
class Connection {
  constructor(input, output) {
    this.input = input;
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buffer = "";
    output.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\0")) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id && this.pending.has(message.id)) {
          const { resolve, reject } = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
          else resolve(message.result);
        } else if (message.method) {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.next++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    this.input.write(JSON.stringify(message) + "\0");
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  // The first event `method` of the session for which `accept` holds.
  wait(method, sessionId, accept = () => true) {
    return new Promise((resolve) => {
      const listener = (message) => {
        if (message.method === method && message.sessionId === sessionId && accept(message.params)) {
          this.listeners.splice(this.listeners.indexOf(listener), 1);
          resolve(message.params);
        }
      };
      this.listeners.push(listener);
    });
  }

  on(listener) {
    this.listeners.push(listener);
  }
}

function withTimeout(promise, seconds, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer within ${seconds} s`)), seconds * 1000); }),
  ]).finally(() => clearTimeout(timer));
}

async function main() {
  trustCA();
  browser = spawn("chromium", chromiumArguments(), {
    env: { ...process.env, HOME: home },
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
    detached: true, // its own process group, ended with it
  });
  exited = new Promise((resolve) => browser.once("exit", resolve));
  let chromiumErrors = "";
  browser.stderr.on("data", (chunk) => { chromiumErrors = (chromiumErrors + chunk.toString()).slice(-4000); });
  const connection = new Connection(browser.stdio[3], browser.stdio[4]);
  const { targetId } = await withTimeout(connection.send("Target.createTarget", { url: "about:blank" }), 20, "Chromium start");
  const { sessionId } = await connection.send("Target.attachToTarget", { targetId, flatten: true });
  await connection.send("Page.enable", {}, sessionId);
  await connection.send("Network.enable", {}, sessionId);

  // The main document's last response of each navigation (after redirects): its status.
  const documents = new Map();
  connection.on((message) => {
    if (message.method === "Network.responseReceived" && message.sessionId === sessionId && message.params.type === "Document") {
      documents.set(message.params.loaderId, message.params.response);
    }
  });

  let status = 0;
  for (const url of material.urls) {
    try {
      const loaded = connection.wait("Page.loadEventFired", sessionId);
      const result = await withTimeout(connection.send("Page.navigate", { url }, sessionId), 20, url);
      if (result.errorText) {
        // A refused certificate, a refused connection …: the browser shows its error page.
        console.error(`${url} ${result.errorText}`);
        status = 1;
        continue;
      }
      await withTimeout(loaded, 20, url);
      const response = documents.get(result.loaderId);
      if (!response) {
        console.error(`${url} no document response`);
        status = 1;
        continue;
      }
      console.log(`${url} ${response.status} (${response.url})`);
      if (response.status < 200 || response.status > 299) status = 1;
    } catch (error) {
      console.error(`${url} ${error.message}`);
      status = 1;
    }
  }
  try {
    await withTimeout(connection.send("Browser.close"), 5, "Browser.close");
  } catch (error) {
    // Killed below.
  }
  return status;
}

// Stopped (the harness's timeout sends SIGTERM to the adapter's process group, which Chromium's is
// not): Chromium and the throwaway HOME go first.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    if (browser) {
      try {
        process.kill(-browser.pid, "SIGKILL");
      } catch (error) {
        // The group is gone already.
      }
    }
    fs.rmSync(home, { recursive: true, force: true, maxRetries: 3 });
    process.exit(1);
  });
}

main().then(
  async (status) => { await cleanUp(); process.exit(status); },
  async (error) => { console.error(`chromium: ${error.message}`); await cleanUp(); process.exit(1); },
);
