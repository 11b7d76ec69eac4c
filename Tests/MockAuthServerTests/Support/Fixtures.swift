import Foundation
import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary

@testable import MockAuthServer

/// Inputs the handler tests share, built from the project's own types.
enum Fixtures {
    static let alice = Account(username: "alice", password: "secret", domain: "MOCKAUTH")

    /// Basic over `alice` in realm `mockauth`.
    static let basicAuth = AuthSpec(realm: "mockauth", schemes: [.basic], account: alice)

    /// The challenge a ``basicAuth`` gate sends.
    static let basicChallenge = #"Basic realm="mockauth", charset="UTF-8""#

    /// `Basic base64(user:password)`.
    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// One PKI for the whole test run: generating keys is the slow part.
    static let pkiResult = Result { try HarnessPKI() }

    static func pki() throws -> HarnessPKI {
        try pkiResult.get()
    }

    /// The recorder of a newly accepted connection of server `server`.
    static func connectionRecorder(server: String = "origin", usesTLS: Bool = false) -> ConnectionRecorder {
        TranscriptRecorder().connectionAccepted(server: server, remoteAddress: "127.0.0.1:40000", usesTLS: usesTLS)
    }
}
