/// The scenario catalog embedded at build time: the text of every `Scenarios/*.yaml` of the
/// repository (see the EmbedScenarios plugin), so an installed `mockauthd` or a client project's
/// tests find it without a checkout.
public enum MockAuthCatalogBundle {}
