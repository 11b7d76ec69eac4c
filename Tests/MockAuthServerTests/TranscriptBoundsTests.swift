import Foundation
import MockAuthJudge
import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary
import Testing

@testable import MockAuthServer

/// Whatever clients send, a server's transcript keeps at most its limit of records, each value a
/// client chose is cut to ``TranscriptLimits``, and the verdict's lines stay bounded.
@Suite("Transcript bounds")
struct TranscriptBoundsTests {
    /// A SOCKS5 connection that offered `username` in RFC 1929's step and was refused or accepted.
    static func socksConnection(
        _ recorder: TranscriptRecorder, username: String, accepted: Bool, target: String? = nil
    ) {
        let connection = recorder.connectionAccepted(server: "proxy", remoteAddress: "127.0.0.1:1", usesTLS: false)
        connection.socks { record in
            record.methodsOffered = ["username-password"]
            record.methodChosen = "username-password"
            record.username = username
            record.authenticated = accepted
            if let target {
                record.addressType = .domainName
                record.target = target
                record.reply = "connection-not-allowed"
            }
        }
        connection.closed()
    }

    static let socksScenario = Scenario(
        name: "socks-bounds", summary: "", servers: [ServerSpec(id: "proxy")],
        client: ClientSpec(requests: [RequestSpec(server: "proxy")]),
        expectations: [
            ScenarioExpectation(MaxAttempts(server: "proxy", attempts: 3)),
            ScenarioExpectation(ConnectsByName(server: "proxy")),
        ])

    @Test("past the limit, connections unlike any before fold into generalized records that keep their outcome")
    func connectionsFoldPastTheLimit() throws {
        let limit = 50
        let recorder = TranscriptRecorder(limit: limit)
        let unbounded = TranscriptRecorder(limit: 1_000_000)
        for index in 0..<300 {
            for recorder in [recorder, unbounded] {
                Self.socksConnection(
                    recorder, username: "user-\(index)", accepted: index % 3 == 0,
                    target: index % 2 == 0 ? "host-\(index).example:443" : nil)
            }
        }
        let transcript = recorder.snapshot()
        let connections = transcript.connections(to: "proxy")
        #expect(connections.count <= limit, "\(connections.count) records")
        #expect(connections.reduce(0) { $0 + $1.occurrences } == 300, "every connection counted")
        let folded = try #require(transcript.overflow?.foldedConnections?["proxy"])
        #expect(folded.total == 300 - (limit - TranscriptLimits.generalizedRecords(of: limit)))
        #expect(folded.dropped == 0, "the generalized kinds are few: \(connections.map(\.socks))")
        #expect(folded.firstValues.first == "username user-45")
        #expect(folded.lastValues.last == "username user-299")
        #expect(folded.firstValues.count <= TranscriptLimits.listedValues)
        #expect(folded.lastValues.count <= TranscriptLimits.listedValues)
        // The refusals are counted as before: the judge says the same of both transcripts.
        let refused = connections.filter { $0.socks?.authenticated == false }.reduce(0) { $0 + $1.occurrences }
        #expect(refused == 200)
        let verdict = Judge.verdict(for: Self.socksScenario, transcript: transcript)
        let full = Judge.verdict(for: Self.socksScenario, transcript: unbounded.snapshot())
        #expect(verdict.result == full.result)
        #expect(verdict.findings.map(\.outcome) == full.findings.map(\.outcome))
        #expect(
            verdict.note?.contains("connections unlike any before (proxy) were folded") == true, "\(verdict.report)")
        #expect(verdict.report.split(separator: "\n").allSatisfy { $0.utf8.count < 4096 }, "\(verdict.report)")
        // A transcript with the new overflow reads back, and an old one without it still decodes.
        let json = try JSONEncoder().encode(transcript)
        #expect(try JSONDecoder().decode(Transcript.self, from: json) == transcript)
        let old = #"{"endpoints":[],"connections":[],"overflow":{"limit":10,"droppedRequests":{"origin":3}}}"#
        let decoded = try JSONDecoder().decode(Transcript.self, from: Data(old.utf8))
        #expect(decoded.overflow == TranscriptOverflow(limit: 10, droppedRequests: ["origin": 3]))
    }

    @Test("past both shares of the limit, connections are only counted")
    func connectionsCountedPastBothShares() throws {
        let recorder = TranscriptRecorder(limit: 2)
        for index in 0..<50 {
            let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
            connection.protocolErrorCaught("error \(index)")
            connection.closed()
        }
        let transcript = recorder.snapshot()
        #expect(transcript.connections.count == 2)
        let folded = try #require(transcript.overflow?.foldedConnections?["origin"])
        #expect(folded.connections == 1, "the second became the generalized record")
        #expect(folded.dropped == 48)
    }

    @Test("a value a client chose is cut where it is recorded, with a note of its length")
    func valuesAreCut() throws {
        let recorder = TranscriptRecorder()
        let long = String(repeating: "é", count: 600)
        let socks = recorder.connectionAccepted(server: "proxy", remoteAddress: nil, usesTLS: false)
        socks.socks { $0.username = long }
        let tls = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        tls.clientSentPlainHTTP(method: long)
        let plain = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        plain.requestAnswered(
            RequestRecord(
                method: long, target: "/" + long,
                headers: [HeaderField(name: long, value: String(repeating: "v", count: 10_000))],
                responseStatus: 401,
                auth: AuthRecord(
                    decision: .refused, header: "Authorization", realm: "r", offered: [.basic], scheme: long,
                    username: long, reason: String(repeating: "r", count: 5000))))
        let transcript = recorder.snapshot()
        let username = try #require(transcript.connections.compactMap(\.socks?.username).first)
        #expect(username.utf8.count <= TranscriptLimits.valueBytes)
        #expect(username.hasSuffix("...(1200 bytes in all)"), "\(username)")
        #expect(username.hasPrefix("éé"))
        let method = try #require(transcript.connections.compactMap(\.tls?.plainHTTPMethod).first)
        #expect(method.utf8.count <= TranscriptLimits.valueBytes)
        let request = try #require(transcript.connections.flatMap(\.requests).first)
        #expect(request.method.utf8.count <= TranscriptLimits.valueBytes)
        #expect(request.target.utf8.count <= TranscriptLimits.valueBytes)
        #expect(request.headers.first?.name.utf8.count ?? 0 <= TranscriptLimits.valueBytes)
        #expect(request.headers.first?.value.utf8.count ?? 0 <= TranscriptLimits.headerValueBytes)
        #expect(request.headers.first?.value.hasSuffix("...(10000 bytes in all)") == true)
        #expect(request.auth?.username?.utf8.count ?? 0 <= TranscriptLimits.valueBytes)
        #expect(request.auth?.reason.utf8.count ?? 0 <= TranscriptLimits.reasonBytes)
        #expect("short".cut(toBytes: 10) == "short")
    }

    @Test("a verdict lists the first few kinds of connection and says how many more")
    func verdictListsAreCut() {
        let recorder = TranscriptRecorder()
        for index in 0..<500 {
            let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
            connection.clientSentPlainHTTP(method: "METHOD\(index)")
            connection.handshakeEnded(TLSHandshakeRecord(state: .failed, error: "WRONG_VERSION_NUMBER"))
            connection.closed()
        }
        let scenario = Scenario(
            name: "bounded", summary: "", servers: [ServerSpec(id: "origin")],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]),
            expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: "/"))])
        let verdict = Judge.verdict(for: scenario, transcript: recorder.snapshot())
        #expect(verdict.reason.contains("and 495 more"), "\(verdict.reason)")
        #expect(verdict.reason.utf8.count < 2048, "\(verdict.reason)")
    }
}
