/// What a process that owns an output between its builds remembers of them
/// (`skelsite serve`; site/reference/output-folder.md, "What serve trusts"): what its
/// last build left in the output's two generations, and the digests of the inputs it
/// hashed. Held by its owner and handed to each build through `SiteBuilder.Options.trust`,
/// never process-wide: two sessions in one process remember apart.
public final class OutputTrust: Sendable {
    package let published = PublishedGenerations()
    package let digests = FileDigestMemory()

    public init() {}
}
