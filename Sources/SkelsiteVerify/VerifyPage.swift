import SkelSite
import Foundation
import SkeletonCore
import SkeletonWeb

/// The HTML page of a book of sheets: on each sheet, each frame's frozen component in
/// its own cell, on its theme's background, the theme forced by `data-theme` on the
/// cell. Standalone (no script, no other file), so a kept page (`verify --keep-pages`)
/// opens in any browser.
enum VerifyPage {
    struct Cell {
        var spec: Spec
        var layout: SpecLayout
        var theme: Theme
        /// The time the component is frozen at (what the browser is shown).
        var time: Double
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// `path:line`, in a comment, for whoever opens a kept page.
        var name: String
        /// A tile (VerifySheets): the cell shows the part of a frameWidth × frameHeight
        /// frame that starts (tileX, tileY) CSS pixels from its top left.
        var tileX = 0
        var tileY = 0
        var frameWidth = 0
        var frameHeight = 0
        /// A right-to-left check (RightToLeftVerify): `spec` as written, in a `dir="rtl"` cell.
        var rightToLeft = false
    }

    /// Several sheets on one page, each in a box at the page origin shown only while
    /// the page's fragment names it (`#sheet-0`, `#sheet-1`, ...; `:target`): a camera
    /// goes from sheet to sheet by changing the fragment, which does not load the page
    /// again. Every sheet stands at the origin, so no shape is further from it than on
    /// a page of its own (WebKitGTK's band clip, VerifySheets.limits). Open a kept book
    /// with a fragment to see a sheet.
    ///
    /// `hostCSS` (`verify --host-css`): a page's stylesheet, put after the components'
    /// CSS, so it wins every tie; the page's own boxes (html, body, sheets, cells, the
    /// fluid frame's container and a tile's box: every div without a class) are then held in place by selectors it cannot
    /// outrank with element or universal rules, and the body stands at the page's top
    /// left whatever its direction. `form`: how each frame's component is shown.
    static func book(_ sheets: [(cells: [Cell], width: Int, height: Int)], hostCSS: String? = nil,
                     form: VerifyForm = .html) -> String {
        var styles = ""
        var body = ""
        var elements = ElementDefinitions()
        for (index, sheet) in sheets.enumerated() {
            let (style, cells) = parts(sheet.cells, form: form, elements: &elements)
            styles += style
            body += "<div class=\"sheet\" id=\"" + sheetID(index) + "\" style=\"width:" + String(sheet.width)
                + "px;height:" + String(sheet.height) + "px\">\n" + cells + "</div>\n"
        }
        let (width, height) = (sheets.map(\.width).max() ?? 0, sheets.map(\.height).max() ?? 0)
        var head = "<style>\nhtml,body{margin:0;padding:0;overflow:hidden}\nbody{position:relative;width:" + String(width)
            + "px;height:" + String(height) + "px}\n.cell{position:absolute;overflow:hidden}\n"
            + ".sheet{display:none;position:absolute;left:0;top:0;overflow:hidden}\n.sheet:target{display:block}\n"
            + "</style>\n<style>\n" + styles + "</style>\n"
        if let hostCSS {
            head += "<style>\n:root,:root>body{margin:0;padding:0;border:0}\n:root>body{position:absolute;left:0;top:0}\n"
                + "body>.sheet,body>.sheet>.cell,.cell div:not([class]){margin:0;padding:0;border:0;box-sizing:content-box;"
                + "min-width:0;max-width:none;min-height:0;max-height:none;float:none;writing-mode:horizontal-tb;"
                + "transform:none;opacity:1}\n"
                + ".cell div:not([class]){display:block;position:static;height:auto}\n</style>\n<style>\n"
                + hostCSS + "\n</style>\n"
        }
        if form == .webComponent { head += elements.script }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>verify</title>\n"
            + head + "</head>\n<body>\n" + body + "</body>\n</html>\n"
    }

    /// The fragment that shows sheet `index` of a book.
    static func sheetID(_ index: Int) -> String { "sheet-" + String(index) }

    /// The components' CSS and the cells' HTML.
    private static func parts(_ cells: [Cell], form: VerifyForm,
                              elements: inout ElementDefinitions) -> (styles: String, body: String) {
        var styles = ""
        var body = ""
        for cell in cells {
            let component = ComponentEmitter.emit(cell.spec, layout: cell.layout, label: nil,
                                                  options: EmitOptions(frozenAt: cell.time))
            let shown: String
            switch form {
            case .html:
                styles += component.css
                shown = component.html
            case .webComponent:
                shown = elements.element(for: component, label: cell.spec.accessibleLabel(), theme: cell.theme)
            }
            let background = cell.spec.appearance.colours(for: cell.theme).background
            body += "<!-- " + HTMLText.comment(cell.name) + " "
                + VerifyReport.themeName(cell.theme) + " t=" + VerifyReport.number(cell.time) + "s"
                + (cell.width != cell.frameWidth || cell.height != cell.frameHeight
                    ? " tile at " + String(cell.tileX) + "," + String(cell.tileY) : "") + " -->\n"
            // Pinned components and right-to-left checks stand in `dir="rtl"` cells
            // (RightToLeftVerify; site/reference/layout.md, "Direction").
            body += "<div class=\"cell\"" + (RightToLeftVerify.rightToLeftCell(cell) ? " dir=\"rtl\"" : "") + " data-theme=\""
                + VerifyReport.themeName(cell.theme) + "\" style=\"left:"
                + String(cell.x) + "px;top:" + String(cell.y) + "px;width:" + String(cell.width) + "px;height:"
                + String(cell.height) + "px;background:" + background.hex + "\">\n"
                + tile(FluidVerifyWidths.html(cell.spec, shown), cell) + "</div>\n"
        }
        return (styles, body)
    }

    /// A tile's component: in a box of the whole frame's size moved up and left by the
    /// tile's offset, so the tile's part stands at the cell's origin and the cell's
    /// overflow clips the rest. The component's own HTML and CSS are as built; only
    /// where it sits on the page moves (by whole CSS pixels, so whole device pixels).
    static func tile(_ html: String, _ cell: Cell) -> String {
        guard cell.width != cell.frameWidth || cell.height != cell.frameHeight else { return html }
        // Absolute against the cell, so the offset holds whatever the page's direction (a
        // block wider than its cell stands at the cell's right edge in a right-to-left page).
        return "<div style=\"position:absolute;left:-" + String(cell.tileX) + "px;top:-" + String(cell.tileY)
            + "px;width:" + String(cell.frameWidth) + "px;height:" + String(cell.frameHeight) + "px\">\n" + html + "</div>\n"
    }
}

extension VerifyRun.Options {
    /// Why a `--host-css` stylesheet cannot go into a page, or nil: it would end its
    /// `<style>` element.
    public static func hostCSSProblem(_ css: String) -> String? {
        css.lowercased().contains("</style") ? "it holds '</style', which would end the page's style element" : nil
    }
}

/// How `verify` shows each frame's component (`verify --as`): as the HTML export's
/// markup and CSS on the page, or as the web-component export's custom element.
public enum VerifyForm: String, CaseIterable, Sendable {
    case html
    case webComponent = "web-component"
}

/// The custom elements of one book (`verify --as web-component`): a frame's frozen
/// component, defined by the web-component export's own code (the markup and CSS in a
/// shadow root), one element name per frame, `<sk-verify-0>`, `<sk-verify-1>`, ….
/// A page's `data-theme` does not reach into a shadow root (site/guides/
/// react-and-web-components.md), so the frame's theme is forced by a `data-theme` box
/// around the markup inside the shadow root, where the component's own forced-theme
/// rules see it.
struct ElementDefinitions {
    private var definitions: [(name: String, label: String, markup: String, css: String)] = []

    /// The element's tag for the page, its definition kept for `script`.
    mutating func element(for component: WebComponent, label: String, theme: Theme) -> String {
        let name = "sk-verify-" + String(definitions.count)
        let markup = "<div data-theme=\"" + VerifyReport.themeName(theme) + "\">\n" + component.html + "</div>\n"
        definitions.append((name, label, markup, component.css))
        return "<" + name + "></" + name + ">\n"
    }

    /// One module script defining every element. `</` and `<!--` are written so that
    /// no label or markup text can end or comment out the script element.
    var script: String {
        let text = WebComponentExport.definitionsScript(definitions.map { ($0.name, $0.label, $0.markup, $0.css) })
        return "<script type=\"module\">\n" + text.replacingOccurrences(of: "</", with: "<\\/")
            .replacingOccurrences(of: "<!--", with: "<\\!--") + "</script>\n"
    }
}
