"""Checks a sitemap.xml against the rules of the sitemaps.org schema (sitemap.xsd, 0.9)
without the schema file, which needs the network: a <urlset> in the sitemap namespace
holding only <url> elements; each <url> with exactly one <loc> first, then at most one
each of <lastmod>, <changefreq>, <priority>, in that order; every <loc> an absolute
http(s) URL of at most 2,048 characters; at most 50,000 URLs and 50 MB.

    python3 scripts/oracle/sitemap_check.py SITEMAP_XML

Prints each problem and exits 1; prints the URL count and exits 0 when there is none."""
import os
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
OPTIONAL = ["lastmod", "changefreq", "priority"]
FREQS = {"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}


def check(path):
    problems = []
    if os.path.getsize(path) > 50 * 1024 * 1024:
        problems.append("larger than 50 MB")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        return [f"not well-formed XML: {error}"], 0
    if root.tag != NS + "urlset":
        return [f"root element is {root.tag}, not {NS}urlset"], 0
    urls = list(root)
    if len(urls) > 50000:
        problems.append(f"{len(urls)} URLs, more than 50,000")
    for index, url in enumerate(urls, 1):
        if url.tag != NS + "url":
            problems.append(f"element {index}: {url.tag}, not {NS}url")
            continue
        names = [child.tag[len(NS):] if child.tag.startswith(NS) else child.tag for child in url]
        if not names or names[0] != "loc" or names.count("loc") != 1:
            problems.append(f"url {index}: needs exactly one <loc>, first (has {names})")
        rest = names[1:]
        if any(name not in OPTIONAL for name in rest) or rest != sorted(rest, key=OPTIONAL.index) \
                or len(set(rest)) != len(rest):
            problems.append(f"url {index}: after <loc> only lastmod, changefreq, priority, once each, in order (has {rest})")
        for child in url:
            name = child.tag[len(NS):]
            text = (child.text or "").strip()
            if name == "loc":
                if not re.fullmatch(r"https?://[^/\s?#]+(/[^\s]*)?", text):
                    problems.append(f"url {index}: <loc> {text!r} is not an absolute http(s) URL")
                elif len(text) > 2048:
                    problems.append(f"url {index}: <loc> longer than 2,048 characters")
            elif name == "changefreq" and text not in FREQS:
                problems.append(f"url {index}: <changefreq> {text!r}")
            elif name == "priority" and not re.fullmatch(r"(0(\.\d+)?|1(\.0+)?)", text):
                problems.append(f"url {index}: <priority> {text!r}")
    return problems, len(urls)


def main(path):
    problems, count = check(path)
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    print(f"sitemap: {count} URLs, all absolute")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
