// Renders every exported skeleton in one node process, for WebExportTests
// (site/guides/react-and-web-components.md). Usage: node render.mjs CONFIG.json
//
// CONFIG: { "jsx": the exported Skeletons.jsx, "package": the npm package's name
// (installed under node_modules beside CONFIG, with react, react-dom and typescript),
// "components": React names in order, "elements": custom element names in order,
// "typecheck": TypeScript files to type-check (they import the declarations) }.
// Prints one JSON object: TypeScript's diagnostics, each form's rendered markup by
// component, what the custom elements did under a stub DOM, and the package's entry points.
import { readFileSync, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";

const configPath = path.resolve(process.argv[2]);
const config = JSON.parse(readFileSync(configPath, "utf8"));
const require = createRequire(configPath);
const React = require("react");
const { renderToStaticMarkup } = require("react-dom/server");
const ts = require("typescript");
const out = { diagnostics: [], jsx: {}, module: {}, props: {}, bare: null, elements: {}, entries: {} };
const say = (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");

// The declarations, type-checked as a TypeScript project using them would.
const program = ts.createProgram(config.typecheck, {
  jsx: ts.JsxEmit.React, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, lib: ["lib.es2020.d.ts", "lib.dom.d.ts"],
  strict: true, skipLibCheck: true, esModuleInterop: true, noEmit: true,
});
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  out.diagnostics.push((diagnostic.file ? path.basename(diagnostic.file.fileName) + ": " : "") + say(diagnostic));
}

// The JSX form, transpiled by TypeScript (classic transform, CommonJS) and loaded.
const transpiled = ts.transpileModule(readFileSync(config.jsx, "utf8"), {
  compilerOptions: { jsx: ts.JsxEmit.React, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  reportDiagnostics: true, fileName: "Skeletons.jsx",
});
for (const diagnostic of transpiled.diagnostics) out.diagnostics.push("Skeletons.jsx: " + say(diagnostic));
const jsxModule = { exports: {} };
new Function("require", "module", "exports", transpiled.outputText)(require, jsxModule, jsxModule.exports);
const jsx = jsxModule.exports;
for (const name of config.components) out.jsx[name] = renderToStaticMarkup(React.createElement(jsx[name]));
// Every prop, on the first component.
const first = config.components[0];
out.props = renderToStaticMarkup(React.createElement(jsx[first], {
  label: "Fetching <mail> & 'more'", className: "extra", style: { width: 120 }, loading: false,
}));

// The npm package's React module, through its "exports" (an ES module importing react).
// Resolved as a project beside CONFIG would resolve them ("default" condition).
const resolveFrom = (specifier) => pathToFileURL(require.resolve(specifier)).href;
const reactModule = await import(resolveFrom(config.package + "/react"));
for (const name of config.components) out.module[name] = renderToStaticMarkup(React.createElement(reactModule[name]));
out.entries.react = Object.keys(reactModule).sort();
const css = require.resolve(config.package + "/react/skeletons.css");
out.entries.css = existsSync(css) ? statSync(css).size : -1;

// The custom elements without a DOM (server rendering): importing defines nothing, throws nothing.
const main = resolveFrom(config.package);
const bare = await import(main);
out.bare = Object.keys(bare).length;
out.entries.main = main.endsWith("/web-components/index.js");

// Then under a stub of the globals they use, as a fresh module instance.
class StubNode {
  constructor() { this.attributes = {}; this.textContent = null; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
}
class StubShadowRoot {
  constructor() { this.innerHTML = ""; this.status = new StubNode(); this.label = new StubNode(); }
  querySelector(selector) { return selector === ".sk-label" ? this.label : selector === "[role=status]" ? this.status : null; }
}
const defined = new Map();
globalThis.HTMLElement = class { attachShadow(init) { this.shadowInit = init; this.shadow = new StubShadowRoot(); return this.shadow; } };
globalThis.customElements = { get: (name) => defined.get(name), define: (name, element) => defined.set(name, element) };
const elements = await import(resolveFrom(config.package + "/web-components") + "?dom");
for (const name of config.elements) {
  const Element = defined.get(name);
  if (!Element) { out.elements[name] = null; continue; }
  const element = new Element();
  const record = { shadow: element.shadow.innerHTML, mode: element.shadowInit.mode, observed: Element.observedAttributes };
  element.attributeChangedCallback("label", null, "Fetching mail");
  record.label = element.shadow.label.textContent;
  element.attributeChangedCallback("label", "Fetching mail", null);
  record.defaultLabel = element.shadow.label.textContent;
  element.attributeChangedCallback("loading", null, "false");
  record.ended = element.shadow.status.attributes["aria-busy"];
  element.attributeChangedCallback("loading", "false", "true");
  record.loading = element.shadow.status.attributes["aria-busy"];
  out.elements[name] = record;
}
out.entries.elements = Object.keys(elements).length;
out.entries.defined = defined.size;
process.stdout.write(JSON.stringify(out));
