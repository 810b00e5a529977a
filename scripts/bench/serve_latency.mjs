// Request latency of an HTTP server on loopback: RUNS sequential GETs of PATH, each on a
// new connection and then all on one kept-alive connection; prints the medians and 95th
// percentiles in ms. Used to compare `skelsite serve` with other servers
// (site/reference/command-line.md, "serve").
//
//   node scripts/bench/serve_latency.mjs ORIGIN PATH RUNS
import http from 'node:http';

const [origin, path, runsText] = process.argv.slice(2);
if (!origin || !path) {
  console.error('usage: node scripts/bench/serve_latency.mjs ORIGIN PATH RUNS');
  process.exit(2);
}
const runs = Number(runsText ?? 500);
function get(agent) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    http.get(origin + path, { agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        if (response.statusCode !== 200) fail(new Error(`status ${response.statusCode}`));
        done(Number(process.hrtime.bigint() - started) / 1e6);
      });
    }).on('error', fail);
  });
}
async function series(agent) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await get(agent));
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))] * 1000) / 1000;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}
const fresh = await series(new http.Agent({ keepAlive: false }));
const kept = await series(new http.Agent({ keepAlive: true, maxSockets: 1 }));
console.log(JSON.stringify({ path, runs, newConnection: fresh, keepAlive: kept }));
