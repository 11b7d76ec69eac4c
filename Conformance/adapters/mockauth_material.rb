# What a scenario gives a Ruby reference adapter, read from its environment in one place.
#
# The variables are the client contract (the README's "The environment a client command gets";
# ClientVariable in Swift, where ClientMaterial(environment:) reads them the same way). A variable
# that does not apply is unset: its field here is nil (or empty). The adapters read the environment
# through MockAuthMaterial.read alone; AdapterReaderTests keeps this file naming every variable of
# the contract and no other. Loaded with require_relative; it requires nothing itself.
module MockAuthMaterial
  # The authentication schemes among the feature names (bearer is a token, not an account's scheme).
  SCHEMES = %w[
    basic digest-md5 digest-md5-sess digest-sha256 digest-sha256-sess
    digest-sha512-256 digest-sha512-256-sess ntlm negotiate
  ].freeze

  # An account: the password is empty when none is given, the domain (NTLM's) nil.
  Account = Struct.new(:username, :password, :domain)
  # A client identity's files: certificate (PEM), private key (PKCS#8 PEM), PKCS#12 bundle.
  Identity = Struct.new(:certificate, :key, :pkcs12)
  # The proxy's URL (http://, https://, socks5:// or socks5h://), its account, and the host names
  # to reach without it (MOCKAUTH_NO_PROXY: comma-separated, as NO_PROXY lists them).
  Proxy = Struct.new(:url, :account, :bypass)
  # A name under .test, the port it is reached on, and its address (an IPv6 one without brackets).
  Host = Struct.new(:name, :port, :address)

  def self.account(env, username, password, domain)
    return nil unless env.key?(username)

    Account.new(env[username], env.fetch(password, ''), env[domain])
  end

  def self.identity(env, certificate, key, pkcs12)
    return nil unless [certificate, key, pkcs12].any? { |name| env.key?(name) }

    Identity.new(env[certificate], env[key], env[pkcs12])
  end

  # MOCKAUTH_HEADERS: one `Name: value` line each (the value without the spaces after the colon);
  # a line without a colon is skipped.
  def self.headers(lines)
    lines.split("\n").filter_map do |line|
      name, colon, value = line.partition(':')
      [name, value.sub(/\A[ \t]+/, '')] unless colon.empty?
    end
  end

  # MOCKAUTH_RESOLVE: `name:port:address` entries, space-separated (curl's --resolve form).
  def self.hosts(entries)
    entries.split.filter_map do |entry|
      parts = entry.split(':', 3)
      Host.new(parts[0], parts[1], parts[2].delete('[]')) if parts.length == 3
    end
  end

  # The scenario's material, as the environment `env` gives it.
  class Material
    attr_reader :scenario, :urls, :features, :ca_file, :identity, :second_identity, :pkcs12_password,
                :pin_sha256, :credentials, :request_accounts, :token, :method, :body_file, :headers,
                :proxy, :hosts, :hosts_file, :pause_seconds, :concurrent, :krb5_config, :krb5_credential_cache,
                :token_url, :client_id, :client_secret, :refresh_token

    def initialize(env)
      @scenario = env['MOCKAUTH_SCENARIO']
      # Every URL, in order; MOCKAUTH_URL alone when MOCKAUTH_URLS is unset.
      @urls = env.fetch('MOCKAUTH_URLS', env.fetch('MOCKAUTH_URL', '')).split
      # What the scenario needs: a word per feature, `a|b` for alternatives.
      @features = env.fetch('MOCKAUTH_FEATURES', '').split
      @ca_file = env['MOCKAUTH_CA_FILE']
      @identity = MockAuthMaterial.identity(env, 'MOCKAUTH_CLIENT_CERT', 'MOCKAUTH_CLIENT_KEY', 'MOCKAUTH_CLIENT_P12')
      @second_identity = MockAuthMaterial.identity(
        env, 'MOCKAUTH_CLIENT_CERT_2', 'MOCKAUTH_CLIENT_KEY_2', 'MOCKAUTH_CLIENT_P12_2')
      @pkcs12_password = env['MOCKAUTH_CLIENT_P12_PASSWORD']
      # curl's form: sha256//BASE64, several separated by `;`.
      @pin_sha256 = env['MOCKAUTH_PIN_SHA256']
      @credentials = MockAuthMaterial.account(env, 'MOCKAUTH_USERNAME', 'MOCKAUTH_PASSWORD', 'MOCKAUTH_DOMAIN')
      # The accounts of later URLs that have their own, by the URL's 1-based position.
      @request_accounts = {}
      (2..@urls.length).each do |position|
        own = MockAuthMaterial.account(
          env, "MOCKAUTH_USERNAME_#{position}", "MOCKAUTH_PASSWORD_#{position}", "MOCKAUTH_DOMAIN_#{position}")
        @request_accounts[position] = own if own
      end
      @token = env['MOCKAUTH_TOKEN']
      @method = env['MOCKAUTH_METHOD']
      @body_file = env['MOCKAUTH_BODY_FILE']
      @headers = MockAuthMaterial.headers(env.fetch('MOCKAUTH_HEADERS', ''))
      @proxy = nil
      if env.key?('MOCKAUTH_PROXY_URL')
        @proxy = Proxy.new(
          env['MOCKAUTH_PROXY_URL'],
          MockAuthMaterial.account(env, 'MOCKAUTH_PROXY_USERNAME', 'MOCKAUTH_PROXY_PASSWORD', 'MOCKAUTH_PROXY_DOMAIN'),
          env.fetch('MOCKAUTH_NO_PROXY', '').split(',').reject(&:empty?))
      end
      @hosts = MockAuthMaterial.hosts(env.fetch('MOCKAUTH_RESOLVE', ''))
      @hosts_file = env['MOCKAUTH_HOSTS_FILE']
      # Seconds to wait after one request's answer before making the next.
      pause = env['MOCKAUTH_PAUSE_SECONDS']
      @pause_seconds = pause && !pause.empty? ? Integer(pause, 10) : nil
      # Whether to send the requests to the URLs at once, each without waiting for another's answer.
      @concurrent = env['MOCKAUTH_CONCURRENT'] == '1'
      # The run's Kerberos realm: a krb5.conf and a credential cache with the account's
      # ticket-granting ticket, for KRB5_CONFIG and KRB5CCNAME.
      @krb5_config = env['MOCKAUTH_KRB5_CONFIG']
      @krb5_credential_cache = env['MOCKAUTH_KRB5CCNAME']
      # The OAuth 2.0 token endpoint and what the client holds for it (the refresh token goes
      # there alone); nil when the scenario has none.
      @token_url = env['MOCKAUTH_TOKEN_URL']
      @client_id = env['MOCKAUTH_CLIENT_ID']
      @client_secret = env['MOCKAUTH_CLIENT_SECRET']
      @refresh_token = env['MOCKAUTH_REFRESH_TOKEN']
    end

    # The account of the URL at 1-based `position`: its own, else the client's (nil when it is
    # given none).
    def account(position)
      @request_accounts.fetch(position, @credentials)
    end

    # The body of each request: the bytes of MOCKAUTH_BODY_FILE, or nil.
    def body
      @body_file && File.binread(@body_file)
    end

    # Every scheme the scenario's servers offer (a feature word per protection space, `a|b` when a
    # server offers several): what a user knows when configuring a client for a server.
    def offered_schemes
      @features.flat_map { |word| word.split('|') }.select { |scheme| SCHEMES.include?(scheme) }.uniq
    end
  end

  # The material this process is given (its environment), or the one `env` describes.
  def self.read(env = ENV)
    Material.new(env.to_h)
  end
end
