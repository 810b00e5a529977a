import CCmarkGFM
import Mustache
import SkeletonCore
import SkeletonWeb

/// The generator. Placeholder until the build work lands.
public enum SkelSiteInfo {
    public static let version = "0.1.0"
}
