// A static HTTP server over a built site, for the tests that drive a browser through
// it (the playground, the gallery, axe): loopback only, a free port, nothing outside
// the site's folder served.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

// `folderIndex`: a folder's URL serves its index.html, as a web server would.
// `missing(request)`: called for each request answered 404.
export async function serveSite(siteDir, { folderIndex = false, missing = () => {} } = {}) {
  const root = normalize(siteDir + sep);
  const server = createServer((request, response) => {
    let path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
    if (folderIndex && path.startsWith(root) && existsSync(path) && statSync(path).isDirectory()) {
      path = join(path, 'index.html');
    }
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
      missing(request);
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    response.end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}
