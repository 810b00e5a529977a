/// Content types for what a built site holds. Unknown extensions are served as
/// octet streams so a browser never sniffs them into something executable.
enum MimeTypes {
    static func forExtension(_ ext: String) -> String {
        switch ext.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "wasm": return "application/wasm"
        case "xml": return "application/xml"
        case "txt", "md", "skel": return "text/plain; charset=utf-8"
        case "ico": return "image/x-icon"
        default: return "application/octet-stream"
        }
    }
}
