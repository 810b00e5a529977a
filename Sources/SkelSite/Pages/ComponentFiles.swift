import Foundation

/// Where a component's PNGs sit in the output: `png/<id>/<name>`. Pages link them from
/// their own folder (`root` is the page's "../" prefix), the gallery and the search
/// index from the site's root, and the build copies them into the staging folder.
struct ComponentFiles: Sendable {
    static let folderName = "png"

    /// The PNG names `ComponentRenderer` writes (every component has the four stills;
    /// animated ones also the preview and the strip).
    static let light1x = "light@1x.png"
    static let light2x = "light@2x.png"
    static let dark1x = "dark@1x.png"
    static let dark2x = "dark@2x.png"
    static let preview = "preview.png"
    static let strip = ComponentRenderer.stripName

    let id: String

    /// "png/<id>", relative to the site's root.
    var folder: String { Self.folderName + "/" + id }

    /// The link to PNG `name` from a page `root` below the site's root.
    func link(_ name: String, root: String = "") -> String { root + folder + "/" + name }

    /// The folder inside a site folder on disk.
    func folder(in site: URL) -> URL {
        site.appendingPathComponent(Self.folderName).appendingPathComponent(id)
    }
}
