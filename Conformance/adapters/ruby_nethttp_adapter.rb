#!/usr/bin/env ruby
# Reference adapter: Ruby's net/http (the standard library, on Ruby's openssl extension), as its
# documentation has a user call it.
#
# - Sessions: Net::HTTP.new(host, port, ...) and #start, one session per origin for the run's URLs
#   (net/http's persistent connection: several requests on one started session), finished at the end.
# - Trust: use_ssl with ca_file = MOCKAUTH_CA_FILE (net/http then trusts that file alone, and
#   verify_mode and verify_hostname keep their defaults, VERIFY_PEER and true); the identity as
#   cert and key (OpenSSL::X509::Certificate, OpenSSL::PKey.read).
# - Proxy: Net::HTTP.new's p_addr, p_port, p_user, p_pass and p_no_proxy (the hosts of
#   MOCKAUTH_NO_PROXY); p_addr nil without a proxy, so nothing is read from the environment.
#   net/http sends p_user and p_pass as Basic with its first request to the proxy.
# - Credentials: Net::HTTPRequest#basic_auth on every request of the account (sent with the first
#   request: net/http answers no challenge). Where the scenario's server offers Digest, the
#   net-http-digest_auth library (Debian's ruby-net-http-digest-auth) instead, as its
#   documentation's example does it: the request without credentials, and on a 401 the same request
#   again with the Authorization header Net::HTTP::DigestAuth#auth_header builds from the challenge
#   (def digest_answer: the resending is this code's). The token and MOCKAUTH_HEADERS are headers.
# - Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve.rb, the address only).
# - What the scenario gives: read through mockauth_material.rb.
# What net/http lacks (redirects, cookies, HSTS, HTTP/2, pinning, TLS to a proxy, SOCKS, NTLM,
# Negotiate, Digest beyond the library's algorithms, token refresh) is Conformance/clients.yaml's to
# say: the adapter is not run there. Exit 0 if every URL answered 2xx, 1 otherwise.
require 'net/http'
require_relative 'mockauth_material'
require_relative 'mockauth_resolve'

material = MockAuthMaterial.read
MockAuthResolve.install(material.hosts)

DIGEST = material.offered_schemes.any? { |scheme| scheme.start_with?('digest-') }
require 'net/http/digest_auth' if DIGEST

identity = nil
if material.identity&.certificate
  identity = [OpenSSL::X509::Certificate.new(File.read(material.identity.certificate)),
              OpenSSL::PKey.read(File.read(material.identity.key))]
end

proxy = material.proxy && URI(material.proxy.url)
proxy_account = material.proxy&.account

# One started session per origin (scheme, host, port), as Net::HTTP.start's block keeps one.
sessions = {}
session = lambda do |uri|
  sessions[[uri.scheme, uri.host, uri.port]] ||= begin
    http = if proxy
             Net::HTTP.new(uri.host, uri.port, proxy.host, proxy.port, proxy_account&.username,
                           proxy_account&.password, material.proxy.bypass.empty? ? nil : material.proxy.bypass.join(','))
           else
             Net::HTTP.new(uri.host, uri.port, nil)
           end
    http.use_ssl = uri.scheme == 'https'
    http.ca_file = material.ca_file if material.ca_file
    http.cert, http.key = identity if identity
    http.open_timeout = http.read_timeout = 20
    http.start
  end
end

method = (material.method || 'GET').capitalize
body = material.body

request_for = lambda do |uri|
  request = Net::HTTP.const_get(method).new(uri)
  request.body = body if body
  request['Authorization'] = "Bearer #{material.token}" if material.token
  material.headers.each { |name, value| request.add_field(name, value) }
  request
end

# One DigestAuth per account (it counts its nonces), as the library's example keeps one.
digests = {}

# The Digest answer, the library's example: given a 401 with a challenge, the Authorization header
# DigestAuth builds from its WWW-Authenticate (response['www-authenticate'], several fields joined
# as net/http joins them) for the request again, the account in the URI as it takes it; nil for
# any other answer.
def digest_answer(digest, account, uri, method, response)
  challenge = response['www-authenticate']
  return nil unless response.code == '401' && challenge

  credentialed = uri.dup
  credentialed.user = CGI.escape(account.username)
  credentialed.password = CGI.escape(account.password)
  digest.auth_header(credentialed, challenge, method)
end

status = 0
material.urls.each.with_index(1) do |url, position|
  # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
  sleep(material.pause_seconds) if position > 1 && material.pause_seconds
  begin
    uri = URI(url)
    account = material.account(position)
    request = request_for.call(uri)
    request.basic_auth(account.username, account.password) if account && !DIGEST
    response = session.call(uri).request(request)
    if account && DIGEST
      digest = digests[account.to_a] ||= Net::HTTP::DigestAuth.new
      answer = digest_answer(digest, account, uri, request.method, response)
      if answer
        request = request_for.call(uri)
        request['Authorization'] = answer
        response = session.call(uri).request(request)
      end
    end
    puts "#{url} #{response.code}"
    status = 1 unless response.code.start_with?('2')
  rescue StandardError => e
    warn "#{url} #{e.class}: #{e.message}"
    status = 1
  end
end
sessions.each_value { |http| http.finish if http.started? }
exit status
