import Testing

@testable import MockAuthRemote

/// `MockAuthControlClient`'s errors for an answer without the API's JSON error body (a proxy in the
/// way, a server of another kind): the status and what it means from the control API.
@Suite("ControlAPIError without the server's words")
struct ControlAPIErrorTests {
    @Test(
        "each status the contract lists is said in words",
        arguments: [
            (400, "malformed"), (401, "token"), (404, "it has ended"), (405, "method"),
            (409, "conflicts with the runs"),
            (413, "body is too large"), (429, "too many live runs"), (431, "head is too large"), (503, "stopping"),
        ])
    func meanings(status: Int, words: String) {
        let meaning = ControlAPIError.meaning(of: status)
        #expect(meaning.hasPrefix("HTTP \(status): ") && meaning.contains(words), "\(meaning)")
    }

    @Test("any other status is named by its reason phrase")
    func otherStatus() {
        #expect(ControlAPIError.meaning(of: 418).hasPrefix("HTTP 418: "))
        #expect(ControlAPIError.meaning(of: 418).count > "HTTP 418: ".count)
    }
}
