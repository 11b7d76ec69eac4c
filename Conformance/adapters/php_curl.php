<?php
/*
 * Reference adapter: PHP's curl extension (ext/curl: libcurl through PHP, Debian's php-curl), set
 * up with curl_setopt as PHP's manual tells a user (https://www.php.net/manual/en/function.curl-setopt.php).
 *
 * - Trust: CURLOPT_CAINFO = MOCKAUTH_CA_FILE (CURLOPT_PROXY_CAINFO for an https:// proxy); pins:
 *   CURLOPT_PINNEDPUBLICKEY (libcurl's own pinning, curl's sha256// form); identity:
 *   CURLOPT_SSLCERT / CURLOPT_SSLKEY.
 * - Credentials: CURLOPT_HTTPAUTH = CURLAUTH_ANY with CURLOPT_USERPWD, so libcurl picks the
 *   strongest scheme the server offers (Negotiate, Digest, NTLM, Basic) once it challenges; the user
 *   name is DOMAIN\user only where libcurl will answer NTLM or Negotiate (the servers offer one of
 *   them and no Digest, which CURLAUTH_ANY prefers to NTLM), as curl.sh does. Negotiate goes through
 *   GSS-API with the run's krb5.conf and credential cache as KRB5_CONFIG and KRB5CCNAME.
 * - Proxy: CURLOPT_PROXY (the URL) with CURLOPT_PROXYTYPE of its scheme (socks5h: the name goes to
 *   the proxy), CURLOPT_PROXYAUTH = CURLAUTH_ANY with CURLOPT_PROXYUSERPWD, CURLOPT_NOPROXY for the
 *   hosts to reach without it.
 * - Redirects: CURLOPT_FOLLOWLOCATION (CURLOPT_UNRESTRICTED_AUTH left off, its default: credentials
 *   stay with the first host); PHP's curl_init caps them at 20 (CURLOPT_MAXREDIRS). Cookies:
 *   CURLOPT_COOKIEFILE and CURLOPT_COOKIEJAR on one file; HSTS: CURLOPT_HSTS with CURLHSTS_ENABLE.
 *   HTTP/2: libcurl's default, CURL_HTTP_VERSION_2TLS (h2 where TLS offers it by ALPN).
 * - One handle for the run's URLs, as a PHP script reuses one: one connection cache, cookie engine
 *   and HSTS cache. Where a URL has an account of its own (MOCKAUTH_USERNAME_<n>), its
 *   CURLOPT_USERPWD is set on that handle before the request.
 * - Names under .test: CURLOPT_RESOLVE, MOCKAUTH_RESOLVE's entries as they are given.
 * - What the scenario gives: read through mockauth_material.php.
 * What the extension lacks (SHA-512-256 Digest in libcurl 7.88; a refreshing OAuth client) is
 * Conformance/clients.yaml's to say: the adapter is not run there. Exit 0 when every URL answered
 * 2xx, 1 otherwise.
 */
require __DIR__ . '/mockauth_material.php';

$material = mockauth_material();

/*
 * DOMAIN\user only where libcurl answers NTLM or Negotiate: the servers offer Negotiate, or NTLM
 * without Digest (CURLAUTH_ANY prefers Digest to NTLM, and Digest's user name is the plain one).
 */
$offered = $material->offeredSchemes();
$digest = count(array_filter($offered, static fn ($scheme) => str_starts_with($scheme, 'digest-'))) > 0;
$windowsDomain = in_array('negotiate', $offered, true) || (in_array('ntlm', $offered, true) && !$digest);
$userpwd = static function (MockAuthAccount $account) use ($windowsDomain): string {
    $user = ($windowsDomain && $account->domain !== null)
        ? "{$account->domain}\\{$account->username}"
        : $account->username;
    return "$user:{$account->password}";
};

$headers = [];
if ($material->token !== null) {
    $headers[] = "Authorization: Bearer {$material->token}";
}
foreach ($material->headers as [$name, $value]) {
    $headers[] = "$name: $value";
}

$work = sys_get_temp_dir() . '/php-curl-' . getmypid();
mkdir($work, 0700);
register_shutdown_function(static function () use ($work) {
    array_map('unlink', glob("$work/*") ?: []);
    rmdir($work);
});

$options = [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT => 20,
    CURLOPT_FOLLOWLOCATION => true,
    // One cookie jar for the run's requests: read from and written to one file.
    CURLOPT_COOKIEFILE => "$work/cookies",
    CURLOPT_COOKIEJAR => "$work/cookies",
    // The HSTS cache (RFC 6797): a policy a host sent over HTTPS upgrades a later http:// URL for it.
    CURLOPT_HSTS => "$work/hsts",
    CURLOPT_HSTS_CTRL => CURLHSTS_ENABLE,
    CURLOPT_HTTPHEADER => $headers,
    CURLOPT_RESOLVE => $material->resolveEntries,
];
if ($material->caFile !== null) {
    $options[CURLOPT_CAINFO] = $material->caFile;
}
if ($material->pinSha256 !== null) {
    $options[CURLOPT_PINNEDPUBLICKEY] = $material->pinSha256;
}
if ($material->identity !== null) {
    $options[CURLOPT_SSLCERT] = $material->identity->certificate;
    $options[CURLOPT_SSLKEY] = $material->identity->key;
}
if ($material->proxy !== null) {
    $scheme = strtolower(strstr($material->proxy->url, '://', true) ?: 'http');
    $options[CURLOPT_PROXY] = $material->proxy->url;
    $options[CURLOPT_PROXYTYPE] = [
        'http' => CURLPROXY_HTTP, 'https' => CURLPROXY_HTTPS,
        'socks5' => CURLPROXY_SOCKS5, 'socks5h' => CURLPROXY_SOCKS5_HOSTNAME,
    ][$scheme] ?? CURLPROXY_HTTP;
    if ($scheme === 'https' && $material->caFile !== null) {
        // An HTTPS proxy: its certificate is verified against the same CA file, and only it.
        $options[CURLOPT_PROXY_CAINFO] = $material->caFile;
    }
    if ($material->proxy->bypass) {
        $options[CURLOPT_NOPROXY] = implode(',', $material->proxy->bypass);
    }
    if ($material->proxy->account !== null) {
        $options[CURLOPT_PROXYAUTH] = CURLAUTH_ANY;
        $options[CURLOPT_PROXYUSERPWD] = $userpwd($material->proxy->account);
    }
}
if ($material->credentials !== null || $material->requestAccounts) {
    $options[CURLOPT_HTTPAUTH] = CURLAUTH_ANY;
}
/*
 * A POST body goes as CURLOPT_POSTFIELDS alone (libcurl then follows a 303 with GET, as RFC 9110
 * says); CURLOPT_CUSTOMREQUEST would force the method onto every redirect, so only for other methods.
 */
$body = $material->body();
$method = $material->method ?? ($body !== null ? 'POST' : 'GET');
if ($body !== null) {
    $options[CURLOPT_POSTFIELDS] = $body;
}
if ($method !== 'GET' && $method !== 'POST') {
    $options[CURLOPT_CUSTOMREQUEST] = $method;
} elseif ($method === 'POST' && $body === null) {
    $options[CURLOPT_POST] = true;
}
if ($material->krb5Config !== null) {
    // The run's Kerberos realm, as GSS-API reads it: its krb5.conf and the credential cache kinit left.
    putenv("KRB5_CONFIG={$material->krb5Config}");
    putenv("KRB5CCNAME=FILE:{$material->krb5CredentialCache}");
}

$handle = curl_init();
curl_setopt_array($handle, $options);
$status = 0;
foreach ($material->urls as $index => $url) {
    $position = $index + 1;
    // What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    if ($position > 1 && $material->pauseSeconds) {
        sleep($material->pauseSeconds);
    }
    $account = $material->account($position);
    if ($account !== null) {
        curl_setopt($handle, CURLOPT_USERPWD, $userpwd($account));
    }
    curl_setopt($handle, CURLOPT_URL, $url);
    if (curl_exec($handle) === false) {
        fwrite(STDERR, "$url " . curl_error($handle) . "\n");
        $status = 1;
        continue;
    }
    $code = curl_getinfo($handle, CURLINFO_RESPONSE_CODE);
    echo "$url $code\n";
    if ($code < 200 || $code > 299) {
        $status = 1;
    }
}
// The cookie jar and the HSTS cache are written when the handle closes.
curl_close($handle);
exit($status);
