# What a scenario gives a Perl reference adapter, read from its environment in one place.
#
# The variables are the client contract (the README's "The environment a client command gets";
# ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
# that does not apply is unset: its field here is undef (or empty). The adapters read the
# environment through MockAuthMaterial::read alone; AdapterReaderTests keeps this file naming every
# variable of the contract and no other. Loaded with require; it uses core Perl only.
package MockAuthMaterial;

use strict;
use warnings;

# The authentication schemes among the feature names (bearer is a token, not an account's scheme).
my %SCHEMES = map { $_ => 1 } qw(
    basic digest-md5 digest-md5-sess digest-sha256 digest-sha256-sess
    digest-sha512-256 digest-sha512-256-sess ntlm negotiate
);

# An account { username, password, domain }: the password is empty when none is given, the
# domain (NTLM's) undef.
sub _account {
    my ($env, $username, $password, $domain) = @_;
    return undef unless exists $env->{$username};
    return { username => $env->{$username}, password => $env->{$password} // '', domain => $env->{$domain} };
}

# A client identity's files { certificate (PEM), key (PKCS#8 PEM), pkcs12 }.
sub _identity {
    my ($env, $certificate, $key, $pkcs12) = @_;
    return undef unless grep { exists $env->{$_} } $certificate, $key, $pkcs12;
    return { certificate => $env->{$certificate}, key => $env->{$key}, pkcs12 => $env->{$pkcs12} };
}

# MOCKAUTH_HEADERS: one `Name: value` line each (the value without the spaces after the colon), as
# [name, value] pairs; a line without a colon is skipped.
sub _headers {
    my ($lines) = @_;
    return [ map { /\A([^:]*):[ \t]*(.*)\z/s ? [ $1, $2 ] : () } split /\n/, $lines ];
}

# MOCKAUTH_RESOLVE: `name:port:address` entries, space-separated (curl's --resolve form), as
# { name, port, address } (an IPv6 address without brackets).
sub _hosts {
    my ($entries) = @_;
    my @hosts;
    for my $entry (split ' ', $entries) {
        my @parts = split /:/, $entry, 3;
        next unless @parts == 3;
        (my $address = $parts[2]) =~ tr/[]//d;
        push @hosts, { name => $parts[0], port => $parts[1], address => $address };
    }
    return \@hosts;
}

# The scenario's material, as the environment (a hash reference; %ENV by default) gives it.
sub read {
    my ($env) = @_;
    $env //= \%ENV;
    my %material;
    $material{scenario} = $env->{MOCKAUTH_SCENARIO};
    # Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
    $material{urls} = [ split ' ', $env->{MOCKAUTH_URLS} // $env->{MOCKAUTH_URL} // '' ];
    # What the scenario needs: a word per feature, `a|b` for alternatives.
    $material{features} = [ split ' ', $env->{MOCKAUTH_FEATURES} // '' ];
    $material{ca_file} = $env->{MOCKAUTH_CA_FILE};
    $material{identity} = _identity($env, 'MOCKAUTH_CLIENT_CERT', 'MOCKAUTH_CLIENT_KEY', 'MOCKAUTH_CLIENT_P12');
    $material{second_identity} =
        _identity($env, 'MOCKAUTH_CLIENT_CERT_2', 'MOCKAUTH_CLIENT_KEY_2', 'MOCKAUTH_CLIENT_P12_2');
    $material{pkcs12_password} = $env->{MOCKAUTH_CLIENT_P12_PASSWORD};
    # curl's form: sha256//BASE64, several separated by `;`.
    $material{pin_sha256} = $env->{MOCKAUTH_PIN_SHA256};
    $material{credentials} = _account($env, 'MOCKAUTH_USERNAME', 'MOCKAUTH_PASSWORD', 'MOCKAUTH_DOMAIN');
    # The accounts of later URLs that have their own, by the URL's 1-based position.
    $material{request_accounts} = {};
    for my $position (2 .. scalar @{ $material{urls} }) {
        my $own = _account($env, "MOCKAUTH_USERNAME_$position", "MOCKAUTH_PASSWORD_$position",
            "MOCKAUTH_DOMAIN_$position");
        $material{request_accounts}{$position} = $own if $own;
    }
    $material{token} = $env->{MOCKAUTH_TOKEN};
    $material{method} = $env->{MOCKAUTH_METHOD};
    $material{body_file} = $env->{MOCKAUTH_BODY_FILE};
    $material{headers} = _headers($env->{MOCKAUTH_HEADERS} // '');
    if (exists $env->{MOCKAUTH_PROXY_URL}) {
        # The proxy's URL (http://, https://, socks5:// or socks5h://), its account, and the host
        # names to reach without it (MOCKAUTH_NO_PROXY: comma-separated, as NO_PROXY lists them).
        $material{proxy} = {
            url => $env->{MOCKAUTH_PROXY_URL},
            account => _account($env, 'MOCKAUTH_PROXY_USERNAME', 'MOCKAUTH_PROXY_PASSWORD', 'MOCKAUTH_PROXY_DOMAIN'),
            bypass => [ grep { length } split /,/, $env->{MOCKAUTH_NO_PROXY} // '' ],
        };
    }
    $material{hosts} = _hosts($env->{MOCKAUTH_RESOLVE} // '');
    $material{hosts_file} = $env->{MOCKAUTH_HOSTS_FILE};
    # Seconds to wait after one request's answer before making the next.
    $material{pause_seconds} = $env->{MOCKAUTH_PAUSE_SECONDS};
    # Whether to send the requests to the URLs at once, each without waiting for another's answer.
    $material{concurrent} = ($env->{MOCKAUTH_CONCURRENT} // '') eq '1';
    # The run's Kerberos realm: a krb5.conf and a credential cache with the account's
    # ticket-granting ticket, for KRB5_CONFIG and KRB5CCNAME.
    $material{krb5_config} = $env->{MOCKAUTH_KRB5_CONFIG};
    $material{krb5_credential_cache} = $env->{MOCKAUTH_KRB5CCNAME};
    # The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes there
    # alone); undef when the scenario has none.
    $material{token_url} = $env->{MOCKAUTH_TOKEN_URL};
    $material{client_id} = $env->{MOCKAUTH_CLIENT_ID};
    $material{client_secret} = $env->{MOCKAUTH_CLIENT_SECRET};
    $material{refresh_token} = $env->{MOCKAUTH_REFRESH_TOKEN};
    return bless \%material, __PACKAGE__;
}

# The account of the URL at 1-based `position`: its own, else the client's (undef when it is given
# none).
sub account {
    my ($self, $position) = @_;
    return $self->{request_accounts}{$position} // $self->{credentials};
}

# The body of each request: the bytes of MOCKAUTH_BODY_FILE, or undef.
sub body {
    my ($self) = @_;
    return undef unless defined $self->{body_file};
    open my $file, '<:raw', $self->{body_file} or die "$self->{body_file}: $!";
    local $/;
    return scalar <$file>;
}

# Every scheme the scenario's servers offer (a feature word per protection space, `a|b` when a
# server offers several): what a user knows when configuring a client for a server.
sub offered_schemes {
    my ($self) = @_;
    my %offered = map { $_ => 1 } grep { $SCHEMES{$_} } map { split /\|/ } @{ $self->{features} };
    return keys %offered;
}

1;
