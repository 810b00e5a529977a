import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe
import SkelsiteStore

/// `skelsite serve` speaks HTTP/1.1 as browsers and proxies expect (RFC 9110, RFC 9112;
/// site/reference/command-line.md, "serve"): the absolute form of a target, a `Date` on
/// every reply, a folder's path redirected to its slash, and conditional requests
/// answered with 304. Each exchange goes over a raw socket to a server in this process.
@Suite(.serialized) struct ServeHTTPTests {
    /// A served folder: `page.html`, `style.css`, `diff/index.html`, `empty/` (no index).
    final class Site {
        let root: URL
        let server: DevServer
        let port: UInt16

        init() async throws {
            root = try CLIRunner.temporaryFolder()
            try FileManager.default.createDirectory(at: root.appendingPathComponent("diff"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
            try Data("<html><body><p>Page</p></body></html>".utf8).write(to: root.appendingPathComponent("page.html"))
            try Data("<html><body><p>Home</p></body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
            try Data("<html><body><a href=\"a.png\">Diff</a></body></html>".utf8)
                .write(to: root.appendingPathComponent("diff/index.html"))
            try Data("p { color: red }\n".utf8).write(to: root.appendingPathComponent("style.css"))
            // A whole second, so Last-Modified is exact.
            for name in ["page.html", "style.css", "diff/index.html"] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)],
                                                      ofItemAtPath: root.appendingPathComponent(name).path)
            }
            server = try DevServer(root: root, port: 0)
            port = try await server.start()
        }

        func stop() async {
            await server.stop()
            try? FileManager.default.removeItem(at: root)
        }

        func send(_ head: String) throws -> Reply {
            try Reply(ServeHostTests.exchange(head, port: port))
        }

        func get(_ target: String, method: String = "GET", _ headers: [String] = []) throws -> Reply {
            try send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                     + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n")
        }
    }

    /// A reply taken apart: its status line, its headers in order (Date's value checked
    /// and replaced by `DATE`), its body.
    struct Reply {
        var status: String
        var headers: [String]
        var body: String
        var date: String

        init(_ text: String) throws {
            let parts = try #require(text.range(of: "\r\n\r\n"), "no end of head in \(text)")
            var lines = text[..<parts.lowerBound].components(separatedBy: "\r\n")
            status = lines.removeFirst()
            body = String(text[parts.upperBound...])
            date = ""
            headers = lines
            if let first = lines.first, first.hasPrefix("Date: ") {
                date = String(first.dropFirst(6))
                headers[0] = "Date: DATE"
            }
        }

        func header(_ name: String) -> String? {
            headers.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
    }

    /// The reply's Date is IMF-fixdate and now (within a minute).
    static func expectCurrentDate(_ reply: Reply, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.date.wholeMatch(of: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT/) != nil,
                "Date: \(reply.date)", sourceLocation: sourceLocation)
        let seconds = HTTPDate.parse(reply.date) ?? 0
        #expect(abs(Double(seconds) - Date().timeIntervalSince1970) < 60, "Date: \(reply.date)", sourceLocation: sourceLocation)
    }

    /// `text` without the Date line after its status line (for replies compared byte for
    /// byte), when that line holds an IMF-fixdate; unchanged otherwise.
    static func undated(_ text: String) -> String {
        guard let match = text.firstMatch(of: /\r\nDate: [A-Z][a-z][a-z], \d\d [A-Z][a-z][a-z] \d{4} \d\d:\d\d:\d\d GMT\r\n/),
              !text[..<match.range.lowerBound].contains("\r\n") else { return text }
        return text.replacingCharacters(in: match.range, with: "\r\n")
    }

    static let pageBody = "<html><body><p>Page</p><script src=\"/__skelsite/live.js\" defer></script>\n</body></html>"
    static let lastModified = "Fri, 15 Jan 2027 08:00:00 GMT"

    // MARK: A1: absolute form

    /// Before: 400 for every one of these.
    @Test func theAbsoluteFormIsAnsweredAndItsAuthorityIsTheHost() async throws {
        let site = try await Site()
        let port = site.port
        for (target, host) in [("http://127.0.0.1:\(port)/page.html", "Host: 127.0.0.1:\(port)\r\n"),
                               ("HTTP://localhost:\(port)/page.html?x=1", ""),
                               // The target's authority wins over the Host header (RFC 9112 §3.2.2).
                               ("http://127.0.0.1:\(port)/page.html", "Host: attacker.example\r\n")] {
            let reply = try site.send("GET \(target) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
            #expect(reply.status == "HTTP/1.1 200 OK", "\(target)")
            #expect(reply.body == Self.pageBody, "\(target)")
        }
        // No path: the root.
        let root = try site.send("GET http://127.0.0.1:\(port) HTTP/1.1\r\n\r\n")
        #expect(root.status == "HTTP/1.1 200 OK")
        #expect(root.body.contains("<p>Home</p>"))
        // The authority goes through the host check like a Host header.
        for authority in ["attacker.example", "attacker.example:\(port)", "127.0.0.1:\(port + 1)"] {
            let reply = try site.send("GET http://\(authority)/page.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(reply.status == "HTTP/1.1 421 Misdirected Request", "\(authority)")
        }
        // No authority, or user information in it: malformed.
        for target in ["http:///page.html", "http://user@127.0.0.1:\(port)/page.html", "https://127.0.0.1:\(port)/page.html"] {
            let reply = try site.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(reply.status == "HTTP/1.1 400 Bad Request", "\(target)")
            #expect(reply.body == "400 malformed request\n", "\(target)")
        }
        await site.stop()
    }

    // MARK: A2: Date

    @Test func everyReplyCarriesADate() async throws {
        let site = try await Site()
        let port = site.port
        let replies = [
            try site.get("/page.html"), try site.get("/page.html", method: "HEAD"), try site.get("/missing"),
            try site.get("/%2e%2e/x"), try site.get("/page.html", method: "POST"), try site.get("/diff"),
            try site.get("/page.html", ["If-None-Match: *"]), try site.get("/__skelsite/live.js"),
            try site.send("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n"),
            try site.send("GET / HTTP/1.1\r\n\r\n"), try site.send("NONSENSE\r\n\r\n"),
        ]
        #expect(replies.map(\.status) == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.1 403 Forbidden",
                                          "HTTP/1.1 405 Method Not Allowed", "HTTP/1.1 301 Moved Permanently",
                                          "HTTP/1.1 304 Not Modified", "HTTP/1.1 200 OK", "HTTP/1.1 421 Misdirected Request",
                                          "HTTP/1.1 400 Bad Request", "HTTP/1.1 400 Bad Request"])
        for reply in replies {
            #expect(reply.headers.first == "Date: DATE", "\(reply.status)")
            Self.expectCurrentDate(reply)
        }
        // The event stream's head too.
        let events = try LoopbackHTTP(port: port)
        events.send("GET /__skelsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let stream = try Reply(events.read(until: ": connected", deadline: Date().addingTimeInterval(20)))
        #expect(stream.status == "HTTP/1.1 200 OK")
        #expect(stream.headers == ["Date: DATE", "Content-Type: text/event-stream", "Cache-Control: no-store", "Connection: close"])
        Self.expectCurrentDate(stream)
        await site.stop()
    }

    @Test func httpDatesAreWrittenAndReadInTheirThreeForms() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(1_800_000_000) == "Fri, 15 Jan 2027 08:00:00 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT") == 1_709_251_199)
        for bad in ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
                    "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }

    // MARK: A3: a folder without its slash

    /// Before: `/diff` served diff/index.html, whose relative links then missed the folder.
    @Test func aFolderWithoutItsSlashIsRedirected() async throws {
        let site = try await Site()
        for (target, location) in [("/diff", "/diff/"), ("/diff?report=1&x=%20", "/diff/?report=1&x=%20"),
                                   ("//diff", "/diff/"), ("/diff#top", "/diff/")] {
            let reply = try site.get(target)
            #expect(reply.status == "HTTP/1.1 301 Moved Permanently", "\(target)")
            #expect(reply.headers == ["Date: DATE", "Content-Type: text/plain; charset=utf-8", "Location: \(location)",
                                      "Content-Length: \(14 + location.utf8.count)", "Connection: close"], "\(target)")
            #expect(reply.body == "301 moved to \(location)\n", "\(target)")
        }
        let head = try site.get("/diff", method: "HEAD")
        #expect(head.status == "HTTP/1.1 301 Moved Permanently")
        #expect(head.header("Location") == "/diff/")
        #expect(head.body == "")
        let folder = try site.get("/diff/")
        #expect(folder.status == "HTTP/1.1 200 OK")
        #expect(folder.body.contains("Diff"))
        // A folder without an index is not found, with or without its slash; the root is served.
        #expect(try site.get("/empty").status == "HTTP/1.1 404 Not Found")
        #expect(try site.get("/empty/").status == "HTTP/1.1 404 Not Found")
        #expect(try site.get("/").status == "HTTP/1.1 200 OK")
        #expect(try site.get("/page").status == "HTTP/1.1 200 OK")
        await site.stop()
    }

    // MARK: A4: validators and conditional requests

    @Test func filesCarryValidatorsOfTheBytesSent() async throws {
        let site = try await Site()
        let page = try site.get("/page.html")
        // The ETag is the digest of the page as sent, with the live-reload script in it.
        let tag = "\"" + SHA256.hex(Array(Self.pageBody.utf8)).prefix(32) + "\""
        #expect(page.status == "HTTP/1.1 200 OK")
        #expect(page.headers == ["Date: DATE", "Content-Type: text/html; charset=utf-8", "ETag: \(tag)",
                                 "Last-Modified: \(Self.lastModified)", "Cache-Control: no-cache",
                                 "Content-Length: \(Self.pageBody.utf8.count)", "Connection: close"])
        #expect(page.body == Self.pageBody)
        let raw = try Data(contentsOf: site.root.appendingPathComponent("page.html"))
        #expect(tag != "\"" + SHA256.hex(Array(raw)).prefix(32) + "\"")
        // HEAD: the same headers.
        let head = try site.get("/page.html", method: "HEAD")
        #expect(head.headers == page.headers)
        #expect(head.body == "")
        // A file that is not HTML: the digest of its bytes.
        let css = try site.get("/style.css")
        #expect(css.headers == ["Date: DATE", "Content-Type: text/css; charset=utf-8",
                                "ETag: \"" + SHA256.hex(Array("p { color: red }\n".utf8)).prefix(32) + "\"",
                                "Last-Modified: \(Self.lastModified)", "Cache-Control: no-cache", "Content-Length: 17",
                                "Connection: close"])
        // Rewritten (same size, same second): a new tag.
        try Data("<html><body><p>Pege</p></body></html>".utf8).write(to: site.root.appendingPathComponent("page.html"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)],
                                              ofItemAtPath: site.root.appendingPathComponent("page.html").path)
        #expect(try site.get("/page.html").header("ETag") != tag)
        #expect(try site.get("/page.html", ["If-None-Match: \(tag)"]).status == "HTTP/1.1 200 OK")
        await site.stop()
    }

    @Test func aMatchingValidatorGets304WithoutABody() async throws {
        let site = try await Site()
        let tag = try #require(try site.get("/page.html").header("ETag"))
        let notModified = ["Date: DATE", "ETag: \(tag)", "Last-Modified: \(Self.lastModified)", "Cache-Control: no-cache",
                           "Connection: close"]
        for condition in ["If-None-Match: \(tag)", "If-None-Match: W/\(tag)", "If-None-Match: \"other\", \(tag)",
                          "If-None-Match: *", "If-Modified-Since: \(Self.lastModified)",
                          "If-Modified-Since: Sat, 16 Jan 2027 08:00:00 GMT", "If-Modified-Since: Friday, 15-Jan-27 08:00:00 GMT"] {
            for method in ["GET", "HEAD"] {
                let reply = try site.get("/page.html", method: method, [condition])
                #expect(reply.status == "HTTP/1.1 304 Not Modified", "\(method) \(condition)")
                #expect(reply.headers == notModified, "\(method) \(condition)")
                #expect(reply.body == "", "\(method) \(condition)")
            }
        }
        // No match, an older date, a date that does not parse: the file.
        for conditions in [["If-None-Match: \"other\""], ["If-Modified-Since: Fri, 15 Jan 2027 07:59:59 GMT"],
                           ["If-Modified-Since: yesterday"], ["If-None-Match: not-a-tag"],
                           // If-None-Match decides when both are there (RFC 9110 §13.2.2).
                           ["If-None-Match: \"other\"", "If-Modified-Since: \(Self.lastModified)"]] {
            let reply = try site.get("/page.html", conditions)
            #expect(reply.status == "HTTP/1.1 200 OK", "\(conditions)")
            #expect(reply.body == Self.pageBody, "\(conditions)")
        }
        // Only files have validators: a missing one is still 404.
        #expect(try site.get("/missing.html", ["If-None-Match: *"]).status == "HTTP/1.1 404 Not Found")
        await site.stop()
    }

    @Test func entityTagListsAreRead() {
        #expect(DevServer.entityTags(in: "\"a\", W/\"b\" ,\"c,d\"") == ["\"a\"", "W/\"b\"", "\"c,d\""])
        #expect(DevServer.entityTags(in: "\"a\", bad, \"c\"") == ["\"a\""])
        #expect(DevServer.entityTags(in: "") == [])
    }
}
