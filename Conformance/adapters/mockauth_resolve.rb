# Resolves the scenario's names under .test as MOCKAUTH_RESOLVE says (curl's --resolve form), for
# the Ruby adapters: the same job as mockauth_resolve.py.
#
# Net::HTTP connects with Socket.tcp, which looks a host up with Addrinfo.getaddrinfo; installed
# before the first request, this makes that lookup answer the scenario's names with their addresses.
# It changes which address a name stands for, nothing else: the name reaches it as the client
# spelled it (and goes on to SNI, the Host header and the certificate check unchanged), and every
# other name goes to the system.
require 'socket'

module MockAuthResolve
  # Makes Addrinfo.getaddrinfo answer `hosts` (MockAuthMaterial's) with their addresses.
  def self.install(hosts)
    names = hosts.to_h { |host| [host.name.downcase, host.address] }
    return if names.empty?

    lookup = Module.new do
      define_method(:getaddrinfo) do |node, *rest, **options|
        address = node.is_a?(String) ? names[node.downcase] : nil
        super(address || node, *rest, **options)
      end
    end
    Addrinfo.singleton_class.prepend(lookup)
  end
end
