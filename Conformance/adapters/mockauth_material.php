<?php
/*
 * What a scenario gives a PHP reference adapter, read from its environment in one place.
 *
 * The variables are the client contract (the README's "The environment a client command gets";
 * ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
 * that does not apply is unset: its field here is null (or empty). The adapters read the
 * environment through mockauth_material() alone; AdapterReaderTests keeps this file naming every
 * variable of the contract and no other. Plain PHP, nothing loaded: an adapter starts in
 * milliseconds.
 */

/* An account: the password is empty when none is given, the domain (NTLM's) null. */
final class MockAuthAccount
{
    public function __construct(
        public readonly string $username,
        public readonly string $password,
        public readonly ?string $domain,
    ) {
    }
}

/* A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle. */
final class MockAuthIdentity
{
    public function __construct(
        public readonly ?string $certificate,
        public readonly ?string $key,
        public readonly ?string $pkcs12,
    ) {
    }
}

/*
 * The proxy's URL (http://, https://, socks5:// or socks5h://), its account, and the host names to
 * reach without it (MOCKAUTH_NO_PROXY: comma-separated, as NO_PROXY lists them).
 */
final class MockAuthProxy
{
    /** @param string[] $bypass */
    public function __construct(
        public readonly string $url,
        public readonly ?MockAuthAccount $account,
        public readonly array $bypass,
    ) {
    }
}

/* A name under .test, the port it is reached on, and its address (an IPv6 one without brackets). */
final class MockAuthHost
{
    public function __construct(
        public readonly string $name,
        public readonly string $port,
        public readonly string $address,
    ) {
    }
}

final class MockAuthMaterial
{
    /* The authentication schemes among the feature names (bearer is a token, not an account's scheme). */
    public const SCHEMES = [
        'basic', 'digest-md5', 'digest-md5-sess', 'digest-sha256', 'digest-sha256-sess',
        'digest-sha512-256', 'digest-sha512-256-sess', 'ntlm', 'negotiate',
    ];

    public readonly ?string $scenario;
    /** @var string[] Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset. */
    public readonly array $urls;
    /** @var string[] What the scenario needs: a word per feature, `a|b` for alternatives. */
    public readonly array $features;
    public readonly ?string $caFile;
    public readonly ?MockAuthIdentity $identity;
    public readonly ?MockAuthIdentity $secondIdentity;
    public readonly ?string $pkcs12Password;
    /* curl's form: sha256//BASE64, several separated by `;`. */
    public readonly ?string $pinSha256;
    public readonly ?MockAuthAccount $credentials;
    /** @var array<int, MockAuthAccount> The accounts of later URLs that have their own, by 1-based position. */
    public readonly array $requestAccounts;
    public readonly ?string $token;
    public readonly ?string $method;
    public readonly ?string $bodyFile;
    /** @var array<int, array{0: string, 1: string}> MOCKAUTH_HEADERS: [name, value] pairs. */
    public readonly array $headers;
    public readonly ?MockAuthProxy $proxy;
    /** @var MockAuthHost[] */
    public readonly array $hosts;
    /* MOCKAUTH_RESOLVE as it is given: `name:port:address` entries, curl's --resolve form. */
    public readonly array $resolveEntries;
    public readonly ?string $hostsFile;
    /* Seconds to wait after one request's answer before making the next. */
    public readonly ?int $pauseSeconds;
    /* Whether to send the requests to the URLs at once, each without waiting for another's answer. */
    public readonly bool $concurrent;
    /*
     * The run's Kerberos realm: a krb5.conf and a credential cache with the account's
     * ticket-granting ticket, for KRB5_CONFIG and KRB5CCNAME.
     */
    public readonly ?string $krb5Config;
    public readonly ?string $krb5CredentialCache;
    /*
     * The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes there
     * alone); null when the scenario has none.
     */
    public readonly ?string $tokenUrl;
    public readonly ?string $clientId;
    public readonly ?string $clientSecret;
    public readonly ?string $refreshToken;

    /** @param array<string, string> $env the environment, as getenv() returns it */
    public function __construct(array $env)
    {
        $get = static fn (string $name): ?string => $env[$name] ?? null;
        $this->scenario = $get('MOCKAUTH_SCENARIO');
        $this->urls = self::words($env['MOCKAUTH_URLS'] ?? $env['MOCKAUTH_URL'] ?? '');
        $this->features = self::words($get('MOCKAUTH_FEATURES') ?? '');
        $this->caFile = $get('MOCKAUTH_CA_FILE');
        $this->identity = self::readIdentity(
            $env, 'MOCKAUTH_CLIENT_CERT', 'MOCKAUTH_CLIENT_KEY', 'MOCKAUTH_CLIENT_P12');
        $this->secondIdentity = self::readIdentity(
            $env, 'MOCKAUTH_CLIENT_CERT_2', 'MOCKAUTH_CLIENT_KEY_2', 'MOCKAUTH_CLIENT_P12_2');
        $this->pkcs12Password = $get('MOCKAUTH_CLIENT_P12_PASSWORD');
        $this->pinSha256 = $get('MOCKAUTH_PIN_SHA256');
        $this->credentials = self::readAccount($env, 'MOCKAUTH_USERNAME', 'MOCKAUTH_PASSWORD', 'MOCKAUTH_DOMAIN');
        $own = [];
        for ($position = 2; $position <= count($this->urls); $position++) {
            $account = self::readAccount(
                $env, "MOCKAUTH_USERNAME_$position", "MOCKAUTH_PASSWORD_$position", "MOCKAUTH_DOMAIN_$position");
            if ($account !== null) {
                $own[$position] = $account;
            }
        }
        $this->requestAccounts = $own;
        $this->token = $get('MOCKAUTH_TOKEN');
        $this->method = $get('MOCKAUTH_METHOD');
        $this->bodyFile = $get('MOCKAUTH_BODY_FILE');
        $this->headers = self::readHeaders($get('MOCKAUTH_HEADERS') ?? '');
        $proxy = null;
        if ($get('MOCKAUTH_PROXY_URL') !== null) {
            $proxy = new MockAuthProxy(
                $get('MOCKAUTH_PROXY_URL'),
                self::readAccount($env, 'MOCKAUTH_PROXY_USERNAME', 'MOCKAUTH_PROXY_PASSWORD', 'MOCKAUTH_PROXY_DOMAIN'),
                array_values(array_filter(explode(',', $get('MOCKAUTH_NO_PROXY') ?? ''), 'strlen')));
        }
        $this->proxy = $proxy;
        $this->resolveEntries = self::words($get('MOCKAUTH_RESOLVE') ?? '');
        $this->hosts = self::readHosts($this->resolveEntries);
        $this->hostsFile = $get('MOCKAUTH_HOSTS_FILE');
        $pause = $get('MOCKAUTH_PAUSE_SECONDS');
        $this->pauseSeconds = ($pause === null || $pause === '') ? null : (int) $pause;
        $this->concurrent = $get('MOCKAUTH_CONCURRENT') === '1';
        $this->krb5Config = $get('MOCKAUTH_KRB5_CONFIG');
        $this->krb5CredentialCache = $get('MOCKAUTH_KRB5CCNAME');
        $this->tokenUrl = $get('MOCKAUTH_TOKEN_URL');
        $this->clientId = $get('MOCKAUTH_CLIENT_ID');
        $this->clientSecret = $get('MOCKAUTH_CLIENT_SECRET');
        $this->refreshToken = $get('MOCKAUTH_REFRESH_TOKEN');
    }

    /* The account of the URL at 1-based $position: its own, else the client's (null when it is given none). */
    public function account(int $position): ?MockAuthAccount
    {
        return $this->requestAccounts[$position] ?? $this->credentials;
    }

    /* The body of each request: the bytes of MOCKAUTH_BODY_FILE, or null. */
    public function body(): ?string
    {
        return $this->bodyFile === null ? null : file_get_contents($this->bodyFile);
    }

    /*
     * Every scheme the scenario's servers offer (a feature word per protection space, `a|b` when a
     * server offers several): what a user knows when configuring a client for a server.
     */
    public function offeredSchemes(): array
    {
        $schemes = [];
        foreach ($this->features as $word) {
            foreach (explode('|', $word) as $scheme) {
                if (in_array($scheme, self::SCHEMES, true)) {
                    $schemes[$scheme] = true;
                }
            }
        }
        return array_keys($schemes);
    }

    /* Whether the scenario needs $feature, or offers it as one of a word's `a|b` alternatives. */
    public function needs(string $feature): bool
    {
        foreach ($this->features as $word) {
            if (in_array($feature, explode('|', $word), true)) {
                return true;
            }
        }
        return false;
    }

    private static function words(string $text): array
    {
        return preg_split('/\s+/', $text, -1, PREG_SPLIT_NO_EMPTY);
    }

    private static function readAccount(
        array $env, string $username, string $password, string $domain): ?MockAuthAccount
    {
        if (!isset($env[$username])) {
            return null;
        }
        return new MockAuthAccount($env[$username], $env[$password] ?? '', $env[$domain] ?? null);
    }

    private static function readIdentity(
        array $env, string $certificate, string $key, string $pkcs12): ?MockAuthIdentity
    {
        if (!isset($env[$certificate]) && !isset($env[$key]) && !isset($env[$pkcs12])) {
            return null;
        }
        return new MockAuthIdentity($env[$certificate] ?? null, $env[$key] ?? null, $env[$pkcs12] ?? null);
    }

    /*
     * MOCKAUTH_HEADERS: one `Name: value` line each (the value without the spaces after the colon);
     * a line without a colon is skipped.
     */
    private static function readHeaders(string $lines): array
    {
        $fields = [];
        foreach (explode("\n", $lines) as $line) {
            $colon = strpos($line, ':');
            if ($colon !== false) {
                $fields[] = [substr($line, 0, $colon), ltrim(substr($line, $colon + 1), " \t")];
            }
        }
        return $fields;
    }

    /* MOCKAUTH_RESOLVE's entries, `name:port:address` (an IPv6 address may be in brackets). */
    private static function readHosts(array $entries): array
    {
        $hosts = [];
        foreach ($entries as $entry) {
            $parts = explode(':', $entry, 3);
            if (count($parts) === 3) {
                $hosts[] = new MockAuthHost($parts[0], $parts[1], trim($parts[2], '[]'));
            }
        }
        return $hosts;
    }
}

/* The material this process is given (its environment), or the one $env describes. */
function mockauth_material(?array $env = null): MockAuthMaterial
{
    return new MockAuthMaterial($env ?? getenv());
}
