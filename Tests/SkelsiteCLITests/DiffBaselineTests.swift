import Foundation
import SkeletonCore
import Testing

/// End-to-end tests of `skelsite baseline update`.
@Suite struct DiffBaselineTests {
    typealias F = DiffCLIFixtures

    @Test func dryRunPrintsThePlanAndWritesNothing() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("base").path).sorted()
        let result = try CLIRunner.run(["baseline", "update", "base", "cur", "--dry-run"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            would replace changed.png
            would replace size.png
            would add new.png
            would remove gone.png
            baseline (dry run, nothing written): 2 to replace, 1 to add, 1 to remove, 2 unchanged

            """)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("base").path).sorted() == before)
    }

    @Test func updateMakesTheBaselineMatch() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        // A non-PNG file in the baseline is never touched; neither is a PNG whose
        // pixels are identical but whose bytes differ.
        try Data("notes".utf8).write(to: root.appendingPathComponent("base/README.txt"))
        let commented = Self.withTextChunk(PNGEncoder.encode(F.picture(box: F.grey)), "Comment\u{0}same pixels")
        try Data(commented).write(to: root.appendingPathComponent("base/same.png"))
        let result = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == """
            replaced changed.png
            replaced size.png
            added new.png
            removed gone.png
            baseline: 2 replaced, 1 added, 1 removed, 2 unchanged

            """)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("base").path).sorted()
                == ["README.txt", "cards", "cards/same.png", "changed.png", "new.png", "same.png", "size.png"])
        #expect(try [UInt8](Data(contentsOf: root.appendingPathComponent("base/same.png"))) == commented)
        for name in ["changed.png", "new.png", "size.png"] {
            #expect(try Data(contentsOf: root.appendingPathComponent("base/" + name))
                    == Data(contentsOf: root.appendingPathComponent("cur/" + name)))
        }
        // Now diff passes, and a second update has nothing to do.
        #expect(try CLIRunner.run(["diff", "base", "cur"], cwd: root).status == 0)
        let second = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: root)
        #expect(second.stdout == "baseline: 0 replaced, 0 added, 0 removed, 5 unchanged\n")
    }

    /// The PNG with a tEXt chunk inserted before IEND (the last 12 bytes): other bytes,
    /// same pixels.
    static func withTextChunk(_ png: [UInt8], _ text: String) -> [UInt8] {
        let body = Array("tEXt".utf8) + Array(text.utf8)
        let length = UInt32(text.utf8.count)
        var chunk = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        chunk += body
        let crc = CRC32.checksum(body)
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Array(png.dropLast(12)) + chunk + Array(png.suffix(12))
    }

    @Test func firstUpdateCreatesTheBaseline() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["baseline", "update", "fresh", "cur"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == """
            added cards/same.png
            added changed.png
            added new.png
            added same.png
            added size.png
            baseline: 0 replaced, 5 added, 0 removed, 0 unchanged

            """)
        #expect(try CLIRunner.run(["diff", "fresh", "cur"], cwd: root).status == 0)
    }

    @Test func undecodablePNGStopsTheUpdate() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("junk".utf8).write(to: root.appendingPathComponent("cur/broken.png"))
        let result = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "cur/broken.png: error: not a PNG file: bad signature\n")
        #expect(!F.exists(root.appendingPathComponent("base/new.png")))
        #expect(F.exists(root.appendingPathComponent("base/gone.png")))
        let usage = try CLIRunner.run(["baseline", "update", "base"], cwd: root)
        #expect(usage.status == 2)
        #expect(usage.stderr == "error: usage: skelsite baseline update BASELINE_DIR CURRENT_DIR [--dry-run]\n")
    }
}
