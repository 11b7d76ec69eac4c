<?php
/*
 * Reference adapter: PHP's https:// stream wrapper (ext/standard's http_fopen_wrapper.c over
 * ext/openssl's TLS), as PHP's manual has a user fetch a URL: file_get_contents($url, false,
 * stream_context_create([...])) with the documented context options
 * (https://www.php.net/manual/en/context.http.php, https://www.php.net/manual/en/context.ssl.php).
 *
 * - Trust: 'ssl' => cafile = MOCKAUTH_CA_FILE, with verify_peer and verify_peer_name on (the
 *   defaults; the peer name is the URL's host); identity: local_cert / local_pk.
 * - Credentials: the wrapper has no authentication scheme and answers no challenge; its one way is
 *   user:password@ in the URL, which it sends as Basic with the first request (http_fopen_wrapper.c,
 *   "auth header if it was specified"). The user and password go into each URL percent-encoded
 *   (the wrapper decodes them); a URL with an account of its own gets that one.
 * - The token and MOCKAUTH_HEADERS: 'http' => header, the lines the wrapper adds to its requests.
 * - Proxy: 'http' => proxy = tcp://HOST:PORT with request_fulluri for an http:// URL (the manual's
 *   form; an https:// URL's request goes through the CONNECT tunnel to the origin); the proxy
 *   account as a Proxy-Authorization: Basic line in 'header', which the wrapper moves into its
 *   CONNECT for an https:// URL (http_fopen_wrapper.c, "check if we have Proxy-Authorization
 *   header"): it has no proxy credentials option.
 * - Redirects: follow_location and max_redirects left at their defaults (on, 20); ignore_errors on,
 *   so that a 4xx answer is read (its status printed) rather than raised as a warning.
 * - Names under .test: the wrapper resolves through the system and has no option to map a name; the
 *   adapter runs itself again in a private user and mount namespace (unshare, as `mockauthd check
 *   --isolate-hosts` does) whose /etc/hosts is MOCKAUTH_HOSTS_FILE, as wget.sh does. Where that is
 *   not permitted, such a scenario is skipped (exit 89).
 * - What the scenario gives: read through mockauth_material.php.
 * What the wrapper lacks (every scheme but preemptive Basic; cookies; HTTP/2; SOCKS; TLS to a proxy;
 * NO_PROXY; HSTS; pinning of a key) is Conformance/clients.yaml's to say: the adapter is not run there.
 * Exit 0 when every URL answered 2xx, 89 when a scenario with names under .test finds no namespace
 * (found only at run time), 1 otherwise.
 */
require __DIR__ . '/mockauth_material.php';

$material = mockauth_material();

// Names under .test: /etc/hosts becomes the scenario's hosts file, for this script alone
// (PHP_STREAMS_HOSTS: this script run again, in the namespace).
if ($material->needs('host-names') && getenv('PHP_STREAMS_HOSTS') === false && $material->hostsFile !== null) {
    // A user and mount namespace (no root needed where user namespaces are allowed); else a mount
    // namespace alone (root).
    foreach ([['--user', '--map-root-user', '--mount'], ['--mount']] as $namespaces) {
        $probe = implode(' ', array_map('escapeshellarg', array_merge(['unshare'], $namespaces, ['true'])));
        exec("$probe 2>/dev/null", $ignored, $status);
        if ($status === 0) {
            putenv('PHP_STREAMS_HOSTS=1');
            pcntl_exec('/usr/bin/env', array_merge(['unshare'], $namespaces, [
                'sh', '-c', 'mount --bind "$1" /etc/hosts && exec "$0" "$2"',
                PHP_BINARY, $material->hostsFile, __FILE__,
            ]));
        }
    }
    fwrite(STDERR, "cannot create a private mount namespace for the wrapper's /etc/hosts: host-names\n");
    exit(89);
}

$headers = [];
if ($material->token !== null) {
    $headers[] = "Authorization: Bearer {$material->token}";
}
foreach ($material->headers as [$name, $value]) {
    $headers[] = "$name: $value";
}
$http = ['ignore_errors' => true, 'timeout' => 20];
if ($material->proxy !== null) {
    $http['proxy'] = 'tcp://' . parse_url($material->proxy->url, PHP_URL_HOST) . ':'
        . parse_url($material->proxy->url, PHP_URL_PORT);
    $account = $material->proxy->account;
    if ($account !== null) {
        $headers[] = 'Proxy-Authorization: Basic ' . base64_encode("{$account->username}:{$account->password}");
    }
}
if ($headers) {
    $http['header'] = $headers;
}
$body = $material->body();
if ($material->method !== null) {
    $http['method'] = $material->method;
} elseif ($body !== null) {
    $http['method'] = 'POST';
}
if ($body !== null) {
    $http['content'] = $body;
}
$ssl = ['verify_peer' => true, 'verify_peer_name' => true];
if ($material->caFile !== null) {
    $ssl['cafile'] = $material->caFile;
}
if ($material->identity !== null) {
    $ssl['local_cert'] = $material->identity->certificate;
    $ssl['local_pk'] = $material->identity->key;
}

/* $url with $account's user and password in its authority, percent-encoded (the wrapper decodes them). */
function with_account(string $url, ?MockAuthAccount $account): string
{
    if ($account === null) {
        return $url;
    }
    [$scheme, $rest] = explode('://', $url, 2);
    return "$scheme://" . rawurlencode($account->username) . ':' . rawurlencode($account->password) . "@$rest";
}

$status = 0;
foreach ($material->urls as $index => $url) {
    $position = $index + 1;
    // What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if ($position > 1 && $material->pauseSeconds) {
        sleep($material->pauseSeconds);
    }
    /*
     * request_fulluri for an http:// URL through the proxy, which forwards it (the absolute form a
     * forward proxy needs); an https:// URL goes through a CONNECT tunnel to the origin itself, which
     * gets the path.
     */
    $options = $http;
    if ($material->proxy !== null && str_starts_with(strtolower($url), 'http://')) {
        $options['request_fulluri'] = true;
    }
    $context = stream_context_create(['http' => $options, 'ssl' => $ssl]);
    $http_response_header = [];
    $content = @file_get_contents(with_account($url, $material->account($position)), false, $context);
    // The status line of the last response (the wrapper lists every hop's header lines in order).
    $code = 0;
    foreach ($http_response_header as $line) {
        if (preg_match('{^HTTP/\S+\s+(\d{3})}', $line, $match)) {
            $code = (int) $match[1];
        }
    }
    if ($content === false) {
        fwrite(STDERR, "$url " . (error_get_last()['message'] ?? 'failed') . "\n");
        $status = 1;
        continue;
    }
    echo "$url $code\n";
    if ($code < 200 || $code > 299) {
        $status = 1;
    }
}
exit($status);
