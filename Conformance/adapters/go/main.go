// Reference adapter: Go's net/http (standard library only), configured as its documentation shows.
//
// A clone of http.DefaultTransport with tls.Config{RootCAs} over MOCKAUTH_CA_FILE alone and the
// client identities (tls.LoadX509KeyPair; Go picks the one the server's CertificateRequest names),
// http.ProxyURL for the proxy (its credentials in the proxy URL), a DialContext that maps the
// scenario's names under .test to their addresses (MOCKAUTH_RESOLVE), a cookiejar shared by the
// run's URLs, the default redirect policy (CheckRedirect nil: up to 10), and Request.SetBasicAuth,
// which sends the credentials with the first request (net/http answers no challenge itself). Pins
// (MOCKAUTH_PIN_SHA256) are checked in tls.Config.VerifyPeerCertificate against the chains the
// default verification built.
//
// What the scenario gives is read through readMaterial (material.go).
//
// What net/http lacks (HSTS, Digest, NTLM, Negotiate) is Conformance/clients.yaml's to say: the
// adapter is not run there. The pin check (`pinning`) is the adapter's own code, as net/http has no
// pinning; the table credits those cells to the adapter.
//
// Exit 0 if every URL answered 2xx, 1 otherwise.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"time"
)

func main() {
	os.Exit(run())
}

func fail(format string, arguments ...any) int {
	fmt.Fprintf(os.Stderr, format+"\n", arguments...)
	return 1
}

func run() int {
	material := readMaterial()
	config := &tls.Config{}
	if path := material.CAFile; path != "" {
		pem, err := os.ReadFile(path)
		if err != nil {
			return fail("CA file: %v", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return fail("CA file: no certificate")
		}
		config.RootCAs = pool
	}
	for _, given := range []*Identity{material.Identity, material.SecondIdentity} {
		if given == nil || given.Certificate == "" || given.Key == "" {
			continue
		}
		identity, err := tls.LoadX509KeyPair(given.Certificate, given.Key)
		if err != nil {
			return fail("client identity: %v", err)
		}
		config.Certificates = append(config.Certificates, identity)
	}
	if pins := material.PinSHA256; pins != "" {
		config.VerifyPeerCertificate = pinning(pins)
	}

	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = config
	transport.Proxy = nil // only the scenario's proxy, never HTTP_PROXY and the like
	if material.Proxy != nil {
		proxy, err := url.Parse(material.Proxy.URL)
		if err != nil {
			return fail("proxy URL: %v", err)
		}
		// Go 1.19 knows socks5:// only, and its SOCKS5 dialer always hands the host name to the
		// proxy (what socks5h:// means elsewhere).
		if proxy.Scheme == "socks5h" {
			proxy.Scheme = "socks5"
		}
		if account := material.Proxy.Account; account != nil && account.Username != "" {
			proxy.User = url.UserPassword(account.Username, account.Password)
		}
		transport.Proxy = http.ProxyURL(proxy)
		if len(material.Proxy.Bypass) > 0 {
			// Hosts to reach without it: net/http's one way to exempt hosts is ProxyFromEnvironment,
			// which reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY (once: set before any request).
			for _, name := range []string{"HTTP_PROXY", "HTTPS_PROXY"} {
				os.Setenv(name, proxy.String())
			}
			os.Setenv("NO_PROXY", strings.Join(material.Proxy.Bypass, ","))
			transport.Proxy = http.ProxyFromEnvironment
		}
	}
	names := map[string]string{}
	for _, host := range material.Hosts {
		names[strings.ToLower(net.JoinHostPort(host.Name, host.Port))] = net.JoinHostPort(host.Address, host.Port)
	}
	dialer := &net.Dialer{Timeout: 20 * time.Second, KeepAlive: 30 * time.Second}
	transport.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
		if mapped, ok := names[strings.ToLower(address)]; ok {
			address = mapped
		}
		return dialer.DialContext(ctx, network, address)
	}

	jar, _ := cookiejar.New(nil)
	client := &http.Client{Transport: transport, Jar: jar, Timeout: 20 * time.Second}

	method := material.Method
	var body []byte
	if path := material.BodyFile; path != "" {
		var err error
		if body, err = os.ReadFile(path); err != nil {
			return fail("body: %v", err)
		}
		if method == "" {
			method = http.MethodPost
		}
	}
	if method == "" {
		method = http.MethodGet
	}

	status := 0
	for position, target := range material.URLs {
		var reader io.Reader
		if body != nil {
			reader = bytes.NewReader(body) // NewRequest sets GetBody: the body can be sent again
		}
		request, err := http.NewRequest(method, target, reader)
		if err != nil {
			status = fail("%s %v", target, err)
			continue
		}
		if token := material.Token; token != "" {
			request.Header.Set("Authorization", "Bearer "+token)
		}
		for _, header := range material.Headers {
			request.Header.Add(header.Name, header.Value)
		}
		if account := material.Account(position + 1); account != nil {
			request.SetBasicAuth(account.Username, account.Password)
		}
		response, err := client.Do(request)
		if err != nil {
			status = fail("%s %v", target, err)
			continue
		}
		io.Copy(io.Discard, response.Body)
		response.Body.Close()
		fmt.Println(target, response.StatusCode)
		if response.StatusCode/100 != 2 {
			status = 1
		}
	}
	return status
}

// pinning checks MOCKAUTH_PIN_SHA256 (sha256//BASE64;…) after Go's own verification: a pin matches
// any certificate of a chain that verification built, from the leaf to the root.
func pinning(pins string) func([][]byte, [][]*x509.Certificate) error {
	wanted := map[string]bool{}
	for _, pin := range strings.Split(pins, ";") {
		if strings.HasPrefix(pin, "sha256//") {
			wanted[strings.TrimPrefix(pin, "sha256//")] = true
		}
	}
	return func(_ [][]byte, chains [][]*x509.Certificate) error {
		for _, chain := range chains {
			for _, certificate := range chain {
				sum := sha256.Sum256(certificate.RawSubjectPublicKeyInfo)
				if wanted[base64.StdEncoding.EncodeToString(sum[:])] {
					return nil
				}
			}
		}
		return errors.New("no certificate of the verified chain carries a pinned public key")
	}
}
