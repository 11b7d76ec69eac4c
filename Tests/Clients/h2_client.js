#!/usr/bin/env node
// An HTTP/2-only client on Node's own `http2` module (no dependencies): over TLS it offers ALPN h2
// alone, over plain HTTP it speaks HTTP/2 with prior knowledge. It sends every request on one
// HTTP/2 connection and has no HTTP/1.1 to fall back on: a stream reset (HTTP_1_1_REQUIRED …) ends
// it with exit 1.
//
// Usage: h2_client.js [--auth none|basic|digest|bearer] [--password TEXT] [--token TEXT]
//   basic   answers the 401 with Basic credentials (MOCKAUTH_USERNAME, MOCKAUTH_PASSWORD)
//   digest  answers the 401's Digest challenge (MD5 or SHA-256, qop=auth) on the same connection
//   bearer  sends Authorization: Bearer MOCKAUTH_TOKEN with the first request
// Prints each answer's status; exits 0 when the last is 2xx.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const http2 = require('http2');

const args = process.argv.slice(2);
function option(name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && index + 1 < args.length ? args[index + 1] : fallback;
}
const env = process.env;
const auth = option('--auth', 'none');
const username = env.MOCKAUTH_USERNAME || '';
const password = option('--password', env.MOCKAUTH_PASSWORD || '');
const token = option('--token', env.MOCKAUTH_TOKEN || '');
const url = new URL(env.MOCKAUTH_URL);
const target = url.pathname + url.search;

const session = http2.connect(url.origin, env.MOCKAUTH_CA_FILE ? { ca: fs.readFileSync(env.MOCKAUTH_CA_FILE) } : {});
session.on('error', (error) => fail(`connection error: ${error.message}`));
const timer = setTimeout(() => fail('no answer within 10 s'), 10000);

function fail(message) {
  console.error(message);
  process.exit(1);
}

function request(headers) {
  return new Promise((resolve) => {
    const stream = session.request({ ':method': 'GET', ':path': target, ...headers });
    let response;
    stream.on('response', (head) => { response = head; });
    stream.on('error', (error) => fail(`stream error: ${error.message}`));
    stream.on('close', () => {
      if (stream.rstCode && stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR) {
        fail(`the server reset the stream (error code ${stream.rstCode}); this client has no HTTP/1.1`);
      }
    });
    stream.resume();
    stream.on('end', () => {
      console.log(response[':status']);
      resolve(response);
    });
  });
}

function challenges(head, scheme) {
  const values = [].concat(head['www-authenticate'] || []);
  return values.flatMap((value) => value.split(/,\s*(?=[A-Za-z]+\s)/))
    .filter((part) => part.toLowerCase().startsWith(scheme.toLowerCase() + ' '))
    .map((part) => Object.fromEntries(
      [...part.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map(([, name, quoted, bare]) => [name, quoted ?? bare])));
}

function digestHeader(challenge) {
  const algorithm = challenge.algorithm || 'MD5';
  const hash = { 'MD5': 'md5', 'SHA-256': 'sha256' }[algorithm];
  if (!hash) fail(`unsupported Digest algorithm ${algorithm}`);
  const h = (text) => crypto.createHash(hash).update(text).digest('hex');
  const cnonce = crypto.randomBytes(8).toString('hex');
  const nc = '00000001';
  const ha1 = h(`${username}:${challenge.realm}:${password}`);
  const ha2 = h(`GET:${target}`);
  const response = h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);
  let header = `Digest username="${username}", realm="${challenge.realm}", nonce="${challenge.nonce}", ` +
    `uri="${target}", algorithm=${algorithm}, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"`;
  if (challenge.opaque !== undefined) header += `, opaque="${challenge.opaque}"`;
  return header;
}

async function main() {
  let head = await request(auth === 'bearer' ? { authorization: `Bearer ${token}` } : {});
  if (head[':status'] === '401' || head[':status'] === 401) {
    if (auth === 'basic') {
      const credentials = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
      head = await request({ authorization: `Basic ${credentials}` });
    } else if (auth === 'digest') {
      const [challenge] = challenges(head, 'Digest');
      if (!challenge) fail('no Digest challenge');
      head = await request({ authorization: digestHeader(challenge) });
    }
  }
  clearTimeout(timer);
  session.close();
  process.exitCode = Math.floor(Number(head[':status']) / 100) === 2 ? 0 : 1;
}

main();
