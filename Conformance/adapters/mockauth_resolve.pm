# Resolves the scenario's names under .test as MOCKAUTH_RESOLVE says (curl's --resolve form), for
# the Perl adapters: the same job as mockauth_resolve.py.
#
# LWP's sockets (Net::HTTP, and IO::Socket::SSL for https) are IO::Socket::IP's, which looks a host
# up with the getaddrinfo it imports from Socket; installed before the first request, this makes
# that lookup answer the scenario's names with their addresses. It changes which address a name
# stands for, nothing else: the name reaches it as the client spelled it (and goes on to SNI, the
# Host header and the certificate check unchanged), and every other name goes to the system.
package MockAuthResolve;

use strict;
use warnings;
use IO::Socket::IP;
use Socket ();

# Makes IO::Socket::IP's getaddrinfo answer the hosts (MockAuthMaterial's) with their addresses.
sub install {
    my ($hosts) = @_;
    my %names = map { lc($_->{name}) => $_->{address} } @$hosts;
    return unless %names;
    no warnings 'redefine';
    *IO::Socket::IP::getaddrinfo = sub {
        my ($host, @rest) = @_;
        my $address = defined $host ? $names{ lc $host } : undef;
        return Socket::getaddrinfo($address // $host, @rest);
    };
}

1;
