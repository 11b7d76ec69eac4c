/// One HTTP/1.x response as it went over the wire.
struct WireResponse {
    /// `HTTP/1.1 200 OK`.
    var statusLine: String
    /// The status code.
    var status: Int
    /// Every header line, in order.
    var headers: [(name: String, value: String)]
    /// The body, framed by `Content-Length`.
    var body: String

    /// Every value of the header `name` (case-insensitive), in order.
    func values(of name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Splits `text` into responses framed by `Content-Length`. Responses whose index is in
    /// `bodiless` (answers to `HEAD`) carry no body whatever their `Content-Length` says.
    static func parseAll(_ text: String, bodiless: Set<Int> = []) throws -> [WireResponse] {
        var rest = Array(text.utf8)[...]
        var responses: [WireResponse] = []
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty, responses.count < 100 {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else {
                throw WireError("no end of head in \(String(decoding: rest, as: UTF8.self))")
            }
            let lines = String(decoding: rest[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            rest = rest[(end + separator.count)...]
            let statusLine = lines.first ?? ""
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
                throw WireError("not a status line: \(statusLine)")
            }
            let headers = lines.dropFirst().map { line in
                let name = line.prefix { $0 != ":" }
                return (name: String(name), value: String(line.dropFirst(name.count + 1).drop { $0 == " " }))
            }
            let length =
                bodiless.contains(responses.count)
                ? 0 : headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
            guard rest.count >= length else { throw WireError("body shorter than Content-Length \(length)") }
            let body = String(decoding: rest.prefix(length), as: UTF8.self)
            rest = rest.dropFirst(length)
            responses.append(WireResponse(statusLine: statusLine, status: status, headers: headers, body: body))
        }
        return responses
    }

    /// The one response `text` holds.
    static func parse(_ text: String, bodiless: Bool = false) throws -> WireResponse {
        let responses = try parseAll(text, bodiless: bodiless ? [0] : [])
        guard responses.count == 1, let response = responses.first else {
            throw WireError("expected one response, got \(responses.count): \(text)")
        }
        return response
    }
}
