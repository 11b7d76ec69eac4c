// What a scenario gives the Go reference adapter, read from its environment in one place.
//
// The variables are the client contract (the README's "The environment a client command gets";
// ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
// that does not apply is unset: its field here is empty (or nil). main.go reads the environment
// through readMaterial alone; AdapterReaderTests keeps this file naming every variable of the
// contract and no other.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Account is an account: the password is "" when none is given, the domain NTLM's.
type Account struct {
	Username, Password, Domain string
}

// Identity is a client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle.
type Identity struct {
	Certificate, Key, PKCS12 string
}

// Proxy is the proxy's URL (http://, https://, socks5:// or socks5h://) and its account.
type Proxy struct {
	URL     string
	Account *Account
	// Bypass is the host names to reach without the proxy (MOCKAUTH_NO_PROXY, comma-separated as NO_PROXY lists them).
	Bypass []string
}

// Host is a name under .test, the port it is reached on, and its address (an IPv6 one without brackets).
type Host struct {
	Name, Port, Address string
}

// Header is a header line to send with each request.
type Header struct {
	Name, Value string
}

// Material is what the scenario gives.
type Material struct {
	Scenario string
	// Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
	URLs []string
	// What the scenario needs: a word per feature, `a|b` for alternatives.
	Features       []string
	CAFile         string
	Identity       *Identity
	SecondIdentity *Identity
	PKCS12Password string
	// curl's form: sha256//BASE64, several separated by `;`.
	PinSHA256   string
	Credentials *Account
	// The accounts of later URLs that have their own, by the URL's 1-based position.
	RequestAccounts map[int]Account
	Token           string
	Method          string
	BodyFile        string
	Headers         []Header
	Proxy           *Proxy
	Hosts           []Host
	HostsFile       string
	// Seconds to wait after one request's answer before making the next; 0 for no pause.
	PauseSeconds int
	// Whether to send the requests to the URLs at once, each without waiting for another's answer.
	Concurrent bool
	// The run's Kerberos realm: a krb5.conf and a credential cache, for KRB5_CONFIG and KRB5CCNAME;
	// empty without one.
	Krb5Config          string
	Krb5CredentialCache string
	// The OAuth 2.0 token endpoint's URL, its client id and secret, and the refresh token (which
	// goes there alone); empty when the scenario has none.
	TokenURL     string
	ClientID     string
	ClientSecret string
	RefreshToken string
}

// readMaterial reads the material of this process's environment.
func readMaterial() Material {
	text := os.Getenv
	account := func(username, password, domain string) *Account {
		user, ok := os.LookupEnv(username)
		if !ok {
			return nil
		}
		return &Account{Username: user, Password: text(password), Domain: text(domain)}
	}
	identity := func(certificate, key, pkcs12 string) *Identity {
		if text(certificate) == "" && text(key) == "" && text(pkcs12) == "" {
			return nil
		}
		return &Identity{Certificate: text(certificate), Key: text(key), PKCS12: text(pkcs12)}
	}
	urls := strings.Fields(text("MOCKAUTH_URLS"))
	if len(urls) == 0 {
		urls = strings.Fields(text("MOCKAUTH_URL"))
	}
	material := Material{
		Scenario:        text("MOCKAUTH_SCENARIO"),
		URLs:            urls,
		Features:        strings.Fields(text("MOCKAUTH_FEATURES")),
		CAFile:          text("MOCKAUTH_CA_FILE"),
		Identity:        identity("MOCKAUTH_CLIENT_CERT", "MOCKAUTH_CLIENT_KEY", "MOCKAUTH_CLIENT_P12"),
		SecondIdentity:  identity("MOCKAUTH_CLIENT_CERT_2", "MOCKAUTH_CLIENT_KEY_2", "MOCKAUTH_CLIENT_P12_2"),
		PKCS12Password:  text("MOCKAUTH_CLIENT_P12_PASSWORD"),
		PinSHA256:       text("MOCKAUTH_PIN_SHA256"),
		Credentials:     account("MOCKAUTH_USERNAME", "MOCKAUTH_PASSWORD", "MOCKAUTH_DOMAIN"),
		RequestAccounts: map[int]Account{},
		Token:           text("MOCKAUTH_TOKEN"),
		Method:          text("MOCKAUTH_METHOD"),
		BodyFile:        text("MOCKAUTH_BODY_FILE"),
		HostsFile:       text("MOCKAUTH_HOSTS_FILE"),
	}
	for position := 2; position <= len(urls); position++ {
		own := account(fmt.Sprintf("MOCKAUTH_USERNAME_%d", position), fmt.Sprintf("MOCKAUTH_PASSWORD_%d", position),
			fmt.Sprintf("MOCKAUTH_DOMAIN_%d", position))
		if own != nil {
			material.RequestAccounts[position] = *own
		}
	}
	// One `Name: value` line each (the value without the spaces after the colon); a line without a
	// colon is skipped.
	for _, line := range strings.Split(text("MOCKAUTH_HEADERS"), "\n") {
		if name, value, found := strings.Cut(line, ":"); found {
			material.Headers = append(material.Headers, Header{Name: name, Value: strings.TrimLeft(value, " \t")})
		}
	}
	if url := text("MOCKAUTH_PROXY_URL"); url != "" {
		material.Proxy = &Proxy{URL: url, Account: account("MOCKAUTH_PROXY_USERNAME", "MOCKAUTH_PROXY_PASSWORD",
			"MOCKAUTH_PROXY_DOMAIN")}
		for _, name := range strings.Split(text("MOCKAUTH_NO_PROXY"), ",") {
			if name != "" {
				material.Proxy.Bypass = append(material.Proxy.Bypass, name)
			}
		}
	}
	// name:port:address entries, space-separated (curl's --resolve form).
	for _, entry := range strings.Fields(text("MOCKAUTH_RESOLVE")) {
		if parts := strings.SplitN(entry, ":", 3); len(parts) == 3 {
			material.Hosts = append(material.Hosts, Host{Name: parts[0], Port: parts[1], Address: strings.Trim(parts[2], "[]")})
		}
	}
	material.PauseSeconds, _ = strconv.Atoi(text("MOCKAUTH_PAUSE_SECONDS"))
	material.Concurrent = text("MOCKAUTH_CONCURRENT") == "1"
	material.Krb5Config = text("MOCKAUTH_KRB5_CONFIG")
	material.Krb5CredentialCache = text("MOCKAUTH_KRB5CCNAME")
	material.TokenURL = text("MOCKAUTH_TOKEN_URL")
	material.ClientID = text("MOCKAUTH_CLIENT_ID")
	material.ClientSecret = text("MOCKAUTH_CLIENT_SECRET")
	material.RefreshToken = text("MOCKAUTH_REFRESH_TOKEN")
	return material
}

// Account is the account of the URL at 1-based position: its own, else the client's (nil when none).
func (material Material) Account(position int) *Account {
	if own, ok := material.RequestAccounts[position]; ok {
		return &own
	}
	return material.Credentials
}
