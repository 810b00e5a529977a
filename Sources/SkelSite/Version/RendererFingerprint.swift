import Foundation
import SkeletonCore
import SkelsiteStore

/// The identity of the renderer that render-cache keys start with (`RenderCache.key`):
/// the version, the artifacts' format version, and the running executable's size and
/// modification time, so a rebuilt tool never reuses an older build's output.
/// `skelsite --version` prints it, so a cache miss can be explained.
public enum RendererFingerprint {
    public static func current(executable: URL? = Bundle.main.executableURL) -> String {
        var parts = ["skelsite \(SkelSiteInfo.version)", ComponentRenderer.formatVersion, PNGEncoder.formatVersion]
        if let executable,
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path) {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            parts.append("\(size)-\(modified)")
        }
        return parts.joined(separator: "|")
    }
}
