/// Whose behaviour a conformance cell judges: the client's library, the library as the adapter
/// configured it, or the adapter's own code. The capability table (`Conformance/clients.yaml`,
/// ``ConformanceClientTable``) says which, per client and per scenario; a client given on the
/// command line without the table is credited with every cell.
package enum Credit: String, Sendable, Codable, CaseIterable, Comparable, CodingKeyRepresentable {
    /// The library, used as its documentation tells a user.
    case client
    /// The library with a documented option the adapter sets (a cookie jar, following redirects, a
    /// proxy setting): still the library's behaviour, as configured.
    case configured
    /// Code the adapter adds decides what the cell judges (a pin check the library lacks, a scheme
    /// chosen by the adapter, one account for every realm): not the library's behaviour. Such cells
    /// are shown apart and counted in no client's totals.
    case adapter

    /// Whether the cell speaks for the client: `client` and `configured` cells.
    package var isClients: Bool {
        switch self {
        case .client, .configured: true
        case .adapter: false
        }
    }

    package static func < (lhs: Credit, rhs: Credit) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
