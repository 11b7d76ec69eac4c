#!/usr/bin/perl
# Reference adapter: Perl's LWP::UserAgent with LWP::Protocol::https (IO::Socket::SSL on Net::SSLeay
# and OpenSSL), as its documentation has a user set up a user agent.
#
# - Trust: ssl_opts { verify_hostname => 1, SSL_ca_file => MOCKAUTH_CA_FILE } (the CA file alone);
#   the identity as SSL_cert_file and SSL_key_file.
# - Credentials: LWP answers Basic, Digest and (with Authen::NTLM, Debian's libauthen-ntlm-perl)
#   NTLM challenges itself with what get_basic_credentials returns: overridden, as its
#   documentation tells subclasses to, to return the account for any realm of the run's hosts
#   (MockAuthUserAgent; DOMAIN\user where the server offers NTLM, as LWP::Authen::Ntlm takes it),
#   and the proxy's account when a proxy asks. Negotiate: LWP::Authen::Negotiate (Debian's
#   liblwp-authen-negotiate-perl, which LWP loads for a Negotiate challenge): Kerberos through
#   GSSAPI, with the run's KRB5_CONFIG and KRB5CCNAME. One user agent per account (LWP keeps the
#   credentials it learnt per user agent), sharing the cookie jar and the connection cache;
#   keep_alive => 1 where the server offers NTLM (LWP::Authen::Ntlm's documentation: NTLM needs the
#   connection cache), LWP's default (no connection cache) elsewhere. The token and
#   MOCKAUTH_HEADERS are request headers.
# - Proxy: $ua->proxy(['http', 'https'], URL), with the proxy's account in the URL where the servers
#   offer Basic (lwpcook's way: LWP sends it as Basic with its first request to the proxy and with
#   the CONNECT for https; it would replace any other answer, so a Digest or NTLM proxy gets the
#   account from get_basic_credentials alone); socks5:// and socks5h:// as socks://
#   (LWP::Protocol::socks, Debian's liblwp-protocol-socks-perl: SOCKS 5, the name resolved by the
#   proxy). $ua->no_proxy for MOCKAUTH_NO_PROXY's hosts.
# - Cookies: $ua->cookie_jar with an HTTP::Cookies in memory (LWP keeps none without one).
# - Redirects: LWP's defaults (GET and HEAD, up to 7 hops).
# - Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve.pm, the address only).
# - What the scenario gives: read through mockauth_material.pm.
# What LWP lacks (HTTP/2, HSTS, pinning, Digest other than MD5, token refresh) is
# Conformance/clients.yaml's to say: the adapter is not run there.
# Exit 0 if every URL answered 2xx, 1 otherwise.
use strict;
use warnings;
use Encode ();
use FindBin ();
use HTTP::Cookies;
use HTTP::Request;
use LWP::UserAgent;
use URI::Escape ();

require "$FindBin::Bin/mockauth_material.pm";
require "$FindBin::Bin/mockauth_resolve.pm";

# get_basic_credentials as LWP's documentation has subclasses override it: the account the user
# agent was made for, for any realm of the run's hosts, and the proxy's account for a proxy.
package MockAuthUserAgent {
    use parent -norequire, 'LWP::UserAgent';

    sub get_basic_credentials {
        my ($self, $realm, $uri, $isproxy) = @_;
        my $account = $isproxy ? $self->{mockauth_proxy_account} : $self->{mockauth_account};
        return unless $account;
        return unless $isproxy || $self->{mockauth_hosts}{ lc $uri->host_port };
        return ($account->{user}, $account->{password});
    }
}

my $material = MockAuthMaterial::read();
MockAuthResolve::install($material->{hosts});

# The run's Kerberos realm, as GSS-API reads it (LWP::Authen::Negotiate asks GSSAPI for a ticket):
# its krb5.conf and the credential cache kinit left.
if (defined $material->{krb5_config}) {
    $ENV{KRB5_CONFIG} = $material->{krb5_config};
    $ENV{KRB5CCNAME} = "FILE:$material->{krb5_credential_cache}";
}

my %offered = map { $_ => 1 } $material->offered_schemes;
my $ntlm = $offered{ntlm} || $offered{negotiate};

# An account as LWP takes it: character strings (the environment's UTF-8 decoded, as a script's
# own strings are; LWP::Authen::Basic encodes them as UTF-8 where the server asks for it), and
# DOMAIN\user for NTLM (LWP::Authen::Ntlm splits it there).
sub lwp_account {
    my ($account) = @_;
    return undef unless $account;
    my ($user, $password, $domain) = map { defined ? Encode::decode('UTF-8', $_) : undef } @$account{qw(username password domain)};
    $user = "$domain\\$user" if $ntlm && defined $domain;
    return { user => $user, password => $password };
}

my %ssl_opts = (verify_hostname => 1);
$ssl_opts{SSL_ca_file} = $material->{ca_file} if defined $material->{ca_file};
if ($material->{identity} && defined $material->{identity}{certificate}) {
    $ssl_opts{SSL_cert_file} = $material->{identity}{certificate};
    $ssl_opts{SSL_key_file} = $material->{identity}{key};
}

my $proxy;
if ($material->{proxy}) {
    my $url = URI->new($material->{proxy}{url});
    # LWP::Protocol::socks's scheme is socks (SOCKS 5, the proxy resolving the name).
    $url->scheme('socks') if $url->scheme =~ /^socks5h?$/;
    # The account in the URL where the servers offer Basic (or nothing): LWP sends it as Basic
    # with its first request, and puts it in place of any other answer to the proxy, so a proxy
    # that asks for Digest or NTLM gets the account from get_basic_credentials alone.
    my $account = $material->{proxy}{account};
    if ($account && (!%offered || $offered{basic})) {
        $url->userinfo(join ':', map { URI::Escape::uri_escape_utf8($_) } $account->{username}, $account->{password});
    }
    $proxy = $url->as_string;
}

my %hosts = map { lc(URI->new($_)->host_port) => 1 } @{ $material->{urls} };
my $jar = HTTP::Cookies->new;
my $connections;
my %agents;

# The user agent of an account (undef: none), made once.
sub agent_for {
    my ($account) = @_;
    my $key = $account ? join("\0", @$account{qw(user password)}) : '';
    return $agents{$key} //= do {
        my $ua = MockAuthUserAgent->new(timeout => 20, ssl_opts => {%ssl_opts}, ($ntlm ? (keep_alive => 1) : ()));
        $ua->cookie_jar($jar);
        $connections //= $ua->conn_cache;
        $ua->conn_cache($connections) if $connections;
        if ($proxy) {
            $ua->proxy([ 'http', 'https' ], $proxy);
            $ua->no_proxy(@{ $material->{proxy}{bypass} });
        }
        $ua->{mockauth_account} = $account;
        $ua->{mockauth_proxy_account} = $material->{proxy} && lwp_account($material->{proxy}{account});
        $ua->{mockauth_hosts} = \%hosts;
        $ua;
    };
}

my $method = $material->{method} // 'GET';
my $body = $material->body;

my $status = 0;
my $position = 0;
for my $url (@{ $material->{urls} }) {
    $position += 1;
    # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
    sleep $material->{pause_seconds} if $position > 1 && $material->{pause_seconds};
    my $ua = agent_for(lwp_account($material->account($position)));
    # The URL as characters (an internationalized name is URI's to convert).
    my $request = HTTP::Request->new($method => URI->new(Encode::decode('UTF-8', $url)));
    $request->content($body) if defined $body;
    $request->header(Authorization => "Bearer $material->{token}") if defined $material->{token};
    $request->push_header(@$_) for @{ $material->{headers} };
    my $response = $ua->request($request);
    if ($response->is_success) {
        print "$url ", $response->code, "\n";
    } else {
        print STDERR "$url ", $response->status_line, "\n";
        $status = 1;
    }
}
exit $status;
