/// JSON a face decodes, as `mockauthd check --json` and the control API write it: values a test can
/// build without any `package` initializer, the way a user's test would have them.
enum FaceSamples {
    static let passedVerdict = """
        {"scenario": "basic", "result": "pass", "findings": [
          {"rule": "sends-credentials", "level": "must", "outcome": "met", "reason": "the client sent Basic credentials"}
        ]}
        """
    static let failedVerdict = """
        {"scenario": "tls-expired", "result": "fail", "findings": [
          {"rule": "rejects-certificate", "level": "must", "outcome": "violated", "reason": "it accepted an expired certificate"}
        ]}
        """
    static let emptyTranscript = #"{"endpoints": [], "connections": []}"#
}
