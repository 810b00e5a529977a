/// What a rendered component left behind: its markup and the names of its PNGs.
package struct ComponentArtifacts: Sendable, Equatable {
    /// The HTML and CSS, or `unread` for a component no page of this build shows (its
    /// page is kept from the live site): the cache index vouches for the rest of its
    /// record, and its markup is not read (`RenderCacheIndex`).
    package enum Body: Sendable {
        case loaded(html: String, css: String)
        case unread

        package var text: (html: String, css: String) {
            switch self {
            case .loaded(let html, let css): (html, css)
            case .unread: preconditionFailure("the markup of a component whose page is kept is never read")
            }
        }
    }

    package var scope: String
    package var body: Body
    package var html: String {
        get { body.text.html }
        set { body = .loaded(html: newValue, css: css) }
    }
    package var css: String {
        get { body.text.css }
        set { body = .loaded(html: html, css: newValue) }
    }
    /// Image size in points (rounded up, as the PNGs are).
    package var width: Int
    package var height: Int
    /// PNG file names, sorted: dark@1x.png, …, preview.png, strip-light@1x.png.
    package var pngNames: [String]
    /// Shimmer and pulse move; none and gradient do not (no frames, no preview).
    package var animated: Bool
    /// Times (seconds) of the frame strip, for captions.
    package var frameTimes: [Double]

    package init(scope: String, html: String, css: String, width: Int, height: Int, pngNames: [String], animated: Bool,
                 frameTimes: [Double]) {
        self.init(scope: scope, body: .loaded(html: html, css: css), width: width, height: height, pngNames: pngNames,
                  animated: animated, frameTimes: frameTimes)
    }

    package init(scope: String, body: Body, width: Int, height: Int, pngNames: [String], animated: Bool,
                 frameTimes: [Double]) {
        self.scope = scope
        self.body = body
        self.width = width
        self.height = height
        self.pngNames = pngNames
        self.animated = animated
        self.frameTimes = frameTimes
    }

    package static func == (a: ComponentArtifacts, b: ComponentArtifacts) -> Bool {
        a.scope == b.scope && a.width == b.width && a.height == b.height && a.pngNames == b.pngNames
            && a.animated == b.animated && a.frameTimes == b.frameTimes && sameMarkup(a.body, b.body)
    }

    private static func sameMarkup(_ a: Body, _ b: Body) -> Bool {
        switch (a, b) {
        case (.loaded(let html, let css), .loaded(let otherHTML, let otherCSS)): html == otherHTML && css == otherCSS
        case (.unread, .unread): true
        default: false
        }
    }
}
