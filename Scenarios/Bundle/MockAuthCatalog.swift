import Foundation

/// The scenario catalog bundled as this target's resources: every `Scenarios/*.yaml` of the
/// repository, so an installed `mockauthd` or a client project's tests find it without a checkout.
public enum MockAuthCatalogBundle {
    /// The directory holding the bundled `NAME.yaml` files.
    public static var directory: URL? { Bundle.module.resourceURL }
}
