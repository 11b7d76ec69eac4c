import MockAuthTesting
import SecureFetch

/// What a test needs that the scenario does not give it.
struct MissingScenarioMaterial: Error, CustomStringConvertible {
    var description: String
}

extension ScenarioRun {
    /// The trust anchors the scenario gives, as PEM (`material.caCertificatePEM`: what
    /// `MOCKAUTH_CA_FILE` holds); the harness root for a scenario that gives none.
    var anchorsPEM: String { material.caCertificatePEM ?? pki.root.pem }

    /// A configuration trusting the harness root only (what `MOCKAUTH_CA_FILE` holds), with a short
    /// timeout so that a client that stalls fails the test instead of hanging it.
    var trustingHarnessRoot: SecureFetchConfiguration {
        SecureFetchConfiguration(trust: .caOnly(roots: [anchorsPEM]), timeout: .seconds(10))
    }

    /// The credential the scenario gives its client (`material.credentials`: `MOCKAUTH_USERNAME`,
    /// `MOCKAUTH_PASSWORD`).
    func givenCredential() throws -> Credential {
        guard let account = material.credentials else {
            throw MissingScenarioMaterial(description: "\(scenario.name) gives the client no credentials")
        }
        return Credential(user: account.username, password: account.password)
    }

    /// What one GET of `url` with `configuration` came to: the status, or the code SecureFetch
    /// refused with.
    func fetch(_ url: String, with configuration: SecureFetchConfiguration) async -> FetchOutcome {
        do {
            return .status(try await withSecureFetchClient(configuration) { try await $0.get(url) }.status)
        } catch let error as SecureFetchError {
            return .refused(error.code)
        } catch {
            return .failed("\(error)")
        }
    }

    /// The realm server `id` names in its challenges, as the scenario file declares it.
    func realm(of id: String = "origin") throws -> String {
        guard let realm = server.endpoint(id)?.realm else {
            throw MissingScenarioMaterial(description: "\(scenario.name): \(id) demands no authentication")
        }
        return realm
    }

    /// A credential store holding the given credential for exactly one protection space: `realm`
    /// (by default the origin's) on the origin of ``url``. This is all a correct client knows.
    func credentialStore(realm: String? = nil) throws -> CredentialStore {
        let store = CredentialStore()
        store.set(try givenCredential(), for: try ProtectionSpace(url: url, realm: realm ?? self.realm()))
        return store
    }
}

/// What one request came to. `withScenario` runs a test's body against a rejection scenario and,
/// when the client refused it, against the scenario's control too: a body records what each run
/// came to, by scenario name, and the test checks both afterwards.
enum FetchOutcome: Equatable, Sendable {
    /// A response arrived, with this status.
    case status(Int)
    /// SecureFetch refused, with this code.
    case refused(SecureFetchError.Code)
    /// Another error.
    case failed(String)
}
