// skelsite gallery: theme and motion toggles (persisted), copy buttons, search.
// Loaded in <head> without defer so the saved theme applies before first paint.
// Reads only the page itself (the embedded search index): no network.
(function () {
  "use strict";
  var root = document.documentElement;
  var THEME_KEY = "skelsite-theme";
  var MOTION_KEY = "skelsite-motion";

  function load(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function save(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: session only */ }
  }

  var savedTheme = load(THEME_KEY);
  if (savedTheme === "light" || savedTheme === "dark") root.setAttribute("data-theme", savedTheme);
  if (load(MOTION_KEY) === "reduce") root.setAttribute("data-motion", "reduce");

  function effectiveTheme() {
    var set = root.getAttribute("data-theme");
    if (set) return set;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  function motionReduced() {
    var set = root.getAttribute("data-motion");
    if (set) return set === "reduce";
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function setupToggles() {
    var themeButton = document.querySelector('[data-toggle="theme"]');
    var motionButton = document.querySelector('[data-toggle="motion"]');
    function sync() {
      if (themeButton) themeButton.setAttribute("aria-pressed", String(effectiveTheme() === "dark"));
      if (motionButton) motionButton.setAttribute("aria-pressed", String(motionReduced()));
    }
    if (themeButton) themeButton.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      save(THEME_KEY, next);
      sync();
      Array.prototype.forEach.call(document.querySelectorAll("iframe.fit-frame"), sizeFrame);
    });
    if (motionButton) motionButton.addEventListener("click", function () {
      var next = motionReduced() ? "full" : "reduce";
      root.setAttribute("data-motion", next);
      save(MOTION_KEY, next);
      sync();
    });
    sync();
  }

  function setupCopy() {
    document.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
      if (!button) return;
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source || !navigator.clipboard) return;
      navigator.clipboard.writeText(source.textContent).then(function () {
        var label = button.textContent;
        button.setAttribute("data-copied", "");
        button.textContent = "Copied";
        setTimeout(function () { button.removeAttribute("data-copied"); button.textContent = label; }, 1500);
      });
    });
  }

  // The search box and the tag buttons of both gallery forms: typing applies the
  // filter; a tag button toggles its tag in activeTags (and says so in aria-pressed).
  function wireFilters(input, tagButtons, activeTags, apply) {
    input.addEventListener("input", apply);
    tagButtons.forEach(function (button) {
      button.addEventListener("click", function () {
        var tag = button.getAttribute("data-tag");
        var at = activeTags.indexOf(tag);
        if (at === -1) activeTags.push(tag); else activeTags.splice(at, 1);
        button.setAttribute("aria-pressed", String(at === -1));
        apply();
      });
    });
  }

  function setupSearch() {
    var data = document.getElementById("skelsite-search-index");
    var input = document.getElementById("search-input");
    if (!data || !input) return;
    var entries;
    try { entries = JSON.parse(data.textContent); } catch (e) { return; }
    var list = document.querySelector("ul.cards[data-page-size]");
    if (list) return setupPagedSearch(list, entries, input);
    var cards = {};
    Array.prototype.forEach.call(document.querySelectorAll(".card[data-id]"), function (card) {
      cards[card.getAttribute("data-id")] = card;
    });
    var tagButtons = Array.prototype.slice.call(document.querySelectorAll(".tag-filter [data-tag]"));
    var status = document.querySelector(".search-status");
    var activeTags = [];

    function haystack(entry) {
      return [entry.title, entry.doc, entry.description].concat(entry.tags).join(" ").toLowerCase();
    }
    function apply() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      entries.forEach(function (entry) {
        var text = haystack(entry);
        var match = words.every(function (w) { return text.indexOf(w) !== -1; }) &&
          activeTags.every(function (t) { return entry.tags.indexOf(t) !== -1; });
        var card = cards[entry.id];
        if (card) card.hidden = !match;
        if (match) shown += 1;
      });
      if (status) status.textContent = (words.length || activeTags.length)
        ? shown + " of " + entries.length + " components" : "";
    }
    wireFilters(input, tagButtons, activeTags, apply);
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) { input.value = query; }
    apply();
  }

  // A paged gallery (more cards than a page holds, site/reference/limits.md): the list
  // shows a page of the matches at a time, made from the search index (cards written in
  // the page are reused), so the DOM stays small however many components there are.
  function setupPagedSearch(list, entries, input) {
    var pageSize = Number(list.getAttribute("data-page-size")) || 200;
    var sizes = [];
    try { sizes = JSON.parse(document.getElementById("skelsite-card-sizes").textContent); } catch (e) { sizes = []; }
    var cards = {};
    Array.prototype.forEach.call(list.querySelectorAll(".card[data-id]"), function (card) {
      cards[card.getAttribute("data-id")] = card;
    });
    var haystacks = entries.map(function (entry) {
      return [entry.title, entry.doc, entry.description].concat(entry.tags).join(" ").toLowerCase();
    });
    var tagButtons = Array.prototype.slice.call(document.querySelectorAll(".tag-filter [data-tag]"));
    var status = document.querySelector(".search-status");
    var note = document.querySelector(".cards-more");
    var more = document.querySelector(".more-cards");
    var activeTags = [];
    var matches = entries.map(function (entry, index) { return index; });
    var shown = Math.min(pageSize, entries.length);

    function element(tag, className, text) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    }
    function image(className, src, size) {
      var img = element("img", className);
      img.src = src;
      img.srcset = src + " 1x, " + src.replace(/@1x\.png$/, "@2x.png") + " 2x";
      if (size) { img.width = size[0]; img.height = size[1]; }
      img.alt = "";
      img.loading = "lazy";
      return img;
    }
    // The card as index.mustache writes one.
    function card(index) {
      var entry = entries[index];
      if (cards[entry.id]) return cards[entry.id];
      var item = element("li", "card");
      item.setAttribute("data-id", entry.id);
      var link = element("a", "card-link");
      link.href = entry.url;
      var thumb = element("span", "thumb");
      thumb.appendChild(image("theme-light-only", entry.thumb, sizes[index]));
      thumb.appendChild(image("theme-dark-only", entry.darkThumb, sizes[index]));
      link.appendChild(thumb);
      link.appendChild(element("span", "card-title", entry.title));
      item.appendChild(link);
      var doc = element("span", "card-doc", "in ");
      var docLink = element("a", null, entry.doc);
      docLink.href = entry.url.split("#")[0];
      doc.appendChild(docLink);
      item.appendChild(doc);
      if (entry.tags.length) {
        var tags = element("ul", "tags");
        entry.tags.forEach(function (tag) { tags.appendChild(element("li", "tag", tag)); });
        item.appendChild(tags);
      }
      cards[entry.id] = item;
      return item;
    }
    function render(from) {
      var end = Math.min(shown, matches.length);
      var fragment = document.createDocumentFragment();
      for (var at = from; at < end; at++) fragment.appendChild(card(matches[at]));
      if (from === 0) list.replaceChildren(fragment); else list.appendChild(fragment);
      if (note) note.textContent = "Showing " + end + " of " + matches.length +
        (matches.length === entries.length ? " components." : " matching components.");
      if (more) more.hidden = end >= matches.length;
    }
    function apply() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      matches = [];
      entries.forEach(function (entry, index) {
        var text = haystacks[index];
        if (words.every(function (w) { return text.indexOf(w) !== -1; }) &&
          activeTags.every(function (t) { return entry.tags.indexOf(t) !== -1; })) matches.push(index);
      });
      shown = pageSize;
      render(0);
      if (status) status.textContent = (words.length || activeTags.length)
        ? matches.length + " of " + entries.length + " components" : "";
    }
    wireFilters(input, tagButtons, activeTags, apply);
    if (more) more.addEventListener("click", function () {
      var from = Math.min(shown, matches.length);
      shown += pageSize;
      render(from);
      // Keyboard users go on from the first card added, not back to the top.
      var first = list.children[from] && list.children[from].querySelector("a");
      if (first) first.focus();
    });
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) { input.value = query; apply(); } else render(shown);
  }

  // Content frames (site/guides/fit-the-content.md, "In the gallery"): each as tall as
  // its content, measured as fit measures it, the bottom of the shadow root's top
  // elements. The frames run no script; same origin, the page can read them.
  // A frame's prefers-color-scheme is the system's, not the toggle's: the content's
  // scheme conditions are rewritten to hold or not as the page's theme says, as fit
  // does in the engines it cannot tell a scheme.
  function themeFrame(frame) {
    try {
      var host = frame.contentDocument && frame.contentDocument.querySelector(".fit-host");
      var sheet = host && host.shadowRoot && host.shadowRoot.querySelector("style");
      if (!sheet) return;
      if (sheet.skelsiteCSS === undefined) sheet.skelsiteCSS = sheet.textContent;
      var dark = effectiveTheme() === "dark";
      sheet.textContent = sheet.skelsiteCSS.replace(/prefers-color-scheme\s*:\s*(dark|light)/g, function (all, scheme) {
        return (scheme === "dark") === dark ? "min-width: 0px" : "max-width: -1px";
      });
    } catch (e) { /* a frame of another origin: keep its own */ }
  }
  function sizeFrame(frame) {
    themeFrame(frame);
    try {
      var host = frame.contentDocument && frame.contentDocument.querySelector(".fit-host");
      if (!host || !host.shadowRoot) return;
      var bottom = 0;
      Array.prototype.forEach.call(host.shadowRoot.children, function (el) {
        if (/^(STYLE|LINK|SCRIPT|TEMPLATE)$/.test(el.tagName)) return;
        bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
      });
      if (bottom > 0) frame.style.height = Math.ceil(bottom) + "px";
    } catch (e) { /* a frame of another origin: keep its height */ }
  }
  function setupFitFrames() {
    Array.prototype.forEach.call(document.querySelectorAll("iframe.fit-frame"), function (frame) {
      frame.addEventListener("load", function () { sizeFrame(frame); });
      if (frame.contentDocument && frame.contentDocument.readyState === "complete") sizeFrame(frame);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-js-only]"), function (el) { el.hidden = false; });
    setupToggles();
    setupCopy();
    setupSearch();
    setupFitFrames();
  });
})();
