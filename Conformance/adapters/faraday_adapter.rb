#!/usr/bin/env ruby
# Reference adapter: Faraday 1.1 over its default adapter, net_http (Ruby's net/http and openssl),
# with the middleware its documentation has a user stack.
#
# - Connections: Faraday.new(ssl:, proxy:, headers:, request:) with a block that builds the stack,
#   one per account (Faraday's credentials are the connection's middleware), sharing one cookie jar.
# - Trust: ssl: { ca_file: MOCKAUTH_CA_FILE, client_cert:, client_key: } (OpenSSL objects, as
#   Faraday's SSL options take them). Faraday's net_http adapter adds the CA file to a certificate
#   store of the system's paths, its default.
# - Credentials: request :basic_auth (Faraday's middleware: sent with the first request; Faraday
#   answers no challenge); request :authorization, 'Bearer', token for the token; MOCKAUTH_HEADERS
#   as the connection's headers.
# - Redirects: response :follow_redirects of faraday_middleware (Debian's ruby-faraday-middleware),
#   with its defaults (3 hops, the Authorization header cleared when the host changes).
# - Cookies: use :cookie_jar of faraday-cookie_jar (Debian's ruby-faraday-cookie-jar), after
#   follow_redirects as faraday_middleware's documentation places it, one HTTP::CookieJar for the run.
# - Proxy: proxy: { uri:, user:, password: }; with hosts to reach without it (MOCKAUTH_NO_PROXY),
#   http_proxy, https_proxy and no_proxy in the environment instead, which Faraday reads for each
#   request (Connection#proxy_from_env, URI#find_proxy), the proxy account in the proxy URL.
#   Without a proxy, Faraday.ignore_env_proxy: only what the scenario gives.
# - Names under .test: resolved as MOCKAUTH_RESOLVE says (mockauth_resolve.rb, the address only).
# - What the scenario gives: read through mockauth_material.rb.
# What Faraday over net/http lacks (Digest, NTLM, Negotiate, pinning, HSTS, HTTP/2, TLS to a proxy,
# SOCKS, token refresh) is Conformance/clients.yaml's to say: the adapter is not run there.
# Exit 0 if every URL answered 2xx, 1 otherwise.
require 'faraday'
require 'faraday_middleware'
require 'faraday-cookie_jar'
require_relative 'mockauth_material'
require_relative 'mockauth_resolve'

material = MockAuthMaterial.read
MockAuthResolve.install(material.hosts)

ssl = { ca_file: material.ca_file }
if material.identity&.certificate
  ssl[:client_cert] = OpenSSL::X509::Certificate.new(File.read(material.identity.certificate))
  ssl[:client_key] = OpenSSL::PKey.read(File.read(material.identity.key))
end

proxy = nil
if material.proxy
  account = material.proxy.account
  if material.proxy.bypass.empty?
    proxy = { uri: material.proxy.url }
    proxy.update(user: account.username, password: account.password) if account
  else
    # Faraday applies no_proxy to the proxies it reads from the environment only.
    url = URI(material.proxy.url)
    url.user, url.password = [account.username, account.password].map { |part| URI.encode_www_form_component(part) } if account
    ENV['http_proxy'] = ENV['https_proxy'] = url.to_s
    ENV['no_proxy'] = material.proxy.bypass.join(',')
  end
else
  Faraday.ignore_env_proxy = true
end

headers = material.headers.to_h
jar = HTTP::CookieJar.new

# The connection of an account (nil: none), with Faraday's middleware in the documented order.
connection_for = lambda do |account|
  Faraday.new(ssl: ssl, proxy: proxy, headers: headers, request: { timeout: 20, open_timeout: 20 }) do |f|
    f.request :basic_auth, account.username, account.password if account
    f.request :authorization, 'Bearer', material.token if material.token
    f.response :follow_redirects
    f.use :cookie_jar, jar: jar
    f.adapter :net_http
  end
end

method = (material.method || 'GET').downcase.to_sym
body = material.body

connections = {}
status = 0
material.urls.each.with_index(1) do |url, position|
  # What the scenario asks between two requests (MOCKAUTH_PAUSE_SECONDS: digest-stale lets its nonce go stale).
  sleep(material.pause_seconds) if position > 1 && material.pause_seconds
  account = material.account(position)
  connection = connections[account.to_a] ||= connection_for.call(account)
  begin
    response = connection.run_request(method, url, body, nil)
    puts "#{url} #{response.status}"
    status = 1 unless (200..299).cover?(response.status)
  rescue StandardError => e
    warn "#{url} #{e.class}: #{e.message}"
    status = 1
  end
end
exit status
