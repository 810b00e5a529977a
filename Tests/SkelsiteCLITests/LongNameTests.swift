import Foundation
import Testing

/// Names the file system would refuse (site/reference/limits.md, "Names skelsite makes"):
/// every name skelsite makes fits in 255 bytes, what still cannot be written is the same
/// located error in `check` and `build`, and component ids never clash silently.
@Suite struct LongNameTests {
    static let words = (0..<60).map { "word\($0)" }

    static func doc(_ title: String) -> String {
        "# Doc\n\n```skeleton\nskeleton \"\(title)\" width=40 height=10\n  rect width=10 height=10\n```\n"
    }

    static func exists(_ root: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// A 60-word title made a 412-byte id, and `build` failed with "file name too long"
    /// on its `png/<id>/` folder while `check` passed.
    @Test func aSixtyWordTitleBuilds() throws {
        let root = try BuildCLIHarness.folder(["site/a.md": Self.doc(Self.words.joined(separator: " "))])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try BuildCLIHarness.run(["check", "-q"], in: root).status == 0)
        let result = try BuildCLIHarness.run(["build", "-q"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let id = String(("a--" + Self.words.joined(separator: "-")).prefix(238)) + "-9926ce4790d8a365"
        #expect(Self.exists(root, "_site/png/\(id)/light@1x.png"))
    }

    /// A doc file name of 255 bytes: its page, NAME.html, would be 257.
    @Test func aDocFileNameOf255BytesBuilds() throws {
        let name = String(repeating: "b", count: 252)
        let root = try BuildCLIHarness.folder(["site/\(name).md": "# B\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try BuildCLIHarness.run(["check", "-q"], in: root).status == 0)
        let result = try BuildCLIHarness.run(["build", "-q"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let page = String(repeating: "b", count: 233) + "-0fed1068afb99290.html"
        #expect(Self.exists(root, "_site/" + page))
        let gallery = try String(contentsOf: root.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(gallery.contains("href=\"\(page)\""))
    }

    /// A doc 3.9 KB deep: its page's path passes the 3072 bytes a site's path may have.
    /// `check` passed and `build` failed with "file name too long"; now both say why, at the doc.
    @Test func aDocPathTooLongForTheSiteIsTheSameErrorInCheckAndBuild() throws {
        let folders = (0..<16).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 240) }
        let path = folders.joined(separator: "/") + "/x.md"
        let root = try BuildCLIHarness.folder(["site/" + path: Self.doc("Card")])
        defer { try? FileManager.default.removeItem(at: root) }
        let message = "site/\(path):1:1: error: the page of this doc would have a path of 3862 bytes in the site; "
            + "the limit is 3072; shorten its folder or file names\n"
        let checked = try BuildCLIHarness.run(["check", "-q"], in: root)
        #expect(checked.status == 1)
        #expect(checked.stderr == message + "check failed: 1 error\n")
        let built = try BuildCLIHarness.run(["build", "-q"], in: root)
        #expect(built.status == 1)
        #expect(built.stderr == message + "build failed: 1 error; _site left as it was\n")
    }

    /// `g/a.md` and `g-a.md` each with a "Card" both give `g-a--card`: an error at the later.
    @Test func docsGivingOneComponentIDFailCheckAndBuildAlike() throws {
        let root = try BuildCLIHarness.folder(["site/g/a.md": Self.doc("Card"), "site/g-a.md": Self.doc("Card")])
        defer { try? FileManager.default.removeItem(at: root) }
        let message = "site/g/a.md:4:1: error: component id 'g-a--card' is also the id of site/g-a.md:4:1 ('Card'); "
            + "rename one of the titles or docs\n"
        let checked = try BuildCLIHarness.run(["check", "-q"], in: root)
        #expect(checked.status == 1)
        #expect(checked.stderr == message + "check failed: 1 error\n")
        let built = try BuildCLIHarness.run(["build", "-q"], in: root)
        #expect(built.status == 1)
        #expect(built.stderr == message + "build failed: 1 error; _site left as it was\n")
        #expect(!Self.exists(root, "_site"))
    }

    /// A 250-byte name is valid, but its temporary name `.NAME.skelsite-PID.tmp` was not.
    @Test func renderWritesA250ByteOutputName() throws {
        let root = try BuildCLIHarness.folder(["a.skel": "skeleton \"A\" width=40 height=10\n  rect width=10 height=10\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let name = String(repeating: "r", count: 246) + ".png"
        let result = try BuildCLIHarness.run(["render", "a.skel", "--output", name], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["a.skel", name])
    }

    /// `export --format html` names files from the title: cut, with a hash, to fit.
    @Test func exportHTMLWithASixtyWordTitle() throws {
        let root = try BuildCLIHarness.folder(["a.md": Self.doc(Self.words.joined(separator: " "))])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["export", "a.md", "--format", "html", "--output", "out"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let base = String(Self.words.joined(separator: "-").prefix(233)) + "-a1ea61fa90cf4319"
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).sorted()
                == [base + ".css", base + ".html"])
    }
}
