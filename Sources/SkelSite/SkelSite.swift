/// What the generator says about itself: pages carry it in their `generator` meta tag,
/// and it is part of every render-cache key, so a new version never reuses an older
/// version's cached output.
public enum SkelSiteInfo {
    public static let version = "0.1.0"
}
