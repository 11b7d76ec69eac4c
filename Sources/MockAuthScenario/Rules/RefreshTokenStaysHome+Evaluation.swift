import MockAuthTranscript

/// `refresh-token-stays-home`: no request to the server carried the refresh token, in a header
/// field's value or in its target. The verdict names where it was found, never the token.
extension RefreshTokenStaysHome {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard let refreshToken = context.refreshToken, !requests.isEmpty else {
            // Nothing reached the server, so nothing leaked to it; other rules say whether it should have gone.
            return .met("\(transcript.serverName(server)) received no request, so no refresh token")
        }
        for request in requests {
            if let field = request.headers.first(where: { $0.value.contains(refreshToken) }) {
                return .violated(
                    explained(
                        "\(transcript.serverName(server)) received the refresh token in \(field.name) with \(request.method) \(request.path)",
                        context.because))
            }
            if request.target.contains(refreshToken) {
                return .violated(
                    explained(
                        "\(transcript.serverName(server)) received the refresh token in the target of \(request.method) \(request.path)",
                        context.because))
            }
        }
        let count = requests.reduce(0) { $0 + $1.occurrences }
        return .met("\(server) never received the refresh token (\(count) request\(count == 1 ? "" : "s"))")
    }
}
