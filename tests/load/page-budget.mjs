// The first-load budget of the site (`make budget`): a cold load of /bus in Debian's Chromium at
// 360x640 must transfer at most 160 KB of HTML, CSS, JS and wasm as served (brotli; issue 14's
// figure), and score
// 95+ for mobile performance in Lighthouse 12.8.2 (simulated slow 4G and a 4x slower CPU).
// Images, fonts and API data are counted and printed separately.
//
// It starts the real static-server (STATIC_SERVER_BIN, default target/release/static-server) in
// demo mode on a free port with a throwaway database, unless BUDGET_URL points at a running site.
// Needs tests/e2e's node_modules (playwright-core, lighthouse) and app/dist.
// Environment: LIGHTHOUSE_RUNS (default 3; the median score counts), CHROME_PATH (/usr/bin/chromium),
// BUDGET_DIST_DIR (the built site to serve, default app/dist), BUDGET_LOCALE (the browser's
// language, default en-US; bn-BD measures the Bangla first load: the Bangla module and its font,
// which a first visit from a Bangla phone loads; Lighthouse runs in English either way).
// Exits 1 when a budget is exceeded. slow-profile.mjs reuses its server and Lighthouse run.
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const e2e = join(root, 'tests/e2e');
const require = createRequire(join(e2e, 'package.json'));
const playwright = await import(pathToFileURL(require.resolve('playwright-core')).href);
const { chromium } = playwright.default ?? playwright;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const KB = 1024;
// BUDGET_PAGE=/staff measures the back office's first load (issue 35: 300 KB, no Lighthouse:
// staff work at a desk, not on a slow phone).
const STAFF = process.env.BUDGET_PAGE === '/staff';
const BYTES_BUDGET = (STAFF ? 300 : 160) * KB;
const SCORE_BUDGET = 0.95;
const PAGE = STAFF ? '/staff' : '/bus';

const kb = (n) => `${(n / KB).toFixed(1)} KB`;

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

export async function startServer() {
  if (process.env.BUDGET_URL) return { base: process.env.BUDGET_URL.replace(/\/$/, ''), stop: () => {} };
  const bin = resolve(root, process.env.STATIC_SERVER_BIN ?? 'target/release/static-server');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'page-budget-'));
  const child = spawn(bin, [], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DIST_DIR: resolve(root, process.env.BUDGET_DIST_DIR ?? 'app/dist'),
      DATABASE_URL: `sqlite://${join(dir, 'budget.db')}`,
      DEMO_MODE: '1',
      DEMO_DAYS: '3',
      RUST_LOG: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`static-server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/config`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('static-server did not start within 60 s');
}

function kind(resourceType, contentType, url) {
  if (contentType.includes('wasm') || url.endsWith('.wasm')) return 'wasm';
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'image') return 'image';
  if (resourceType === 'font') return 'font';
  if (resourceType === 'fetch' || resourceType === 'xhr') return 'data';
  return 'other';
}

/** Bytes of a cold load as the browser received them (encoded bodies), by kind. */
async function measureTransfer(base) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
  try {
    const locale = process.env.BUDGET_LOCALE ?? 'en-US';
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });
    const page = await context.newPage();
    const requests = [];
    page.on('requestfinished', (request) => requests.push(request));
    await page.goto(`${base}${PAGE}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    const rows = [];
    for (const request of requests) {
      const response = await request.response();
      if (!response) continue;
      const headers = await response.allHeaders();
      const sizes = await request.sizes();
      rows.push({
        url: request.url().replace(base, ''),
        kind: kind(request.resourceType(), headers['content-type'] ?? '', request.url()),
        encoding: headers['content-encoding'] ?? '-',
        bytes: sizes.responseBodySize,
        status: response.status(),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export async function lighthouse(base, path = PAGE) {
  const bin = join(e2e, 'node_modules/.bin/lighthouse');
  const { stdout } = await promisify(execFile)(
    bin,
    [
      `${base}${path}`,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  const metric = (id) => report.audits[id]?.displayValue ?? '?';
  return {
    score: report.categories.performance.score,
    metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id.replace(/-./g, (m) => m[1].toUpperCase())} ${metric(id)}`)
      .join(', '),
    version: report.lighthouseVersion,
  };
}

async function main() {
  const { base, stop } = await startServer();
  let over = false;
  try {
    const rows = await measureTransfer(base);
    const totals = {};
    for (const row of rows) totals[row.kind] = (totals[row.kind] ?? 0) + row.bytes;
    console.log(`Cold load of ${PAGE} at 360x640, ${process.env.BUDGET_LOCALE ?? 'en-US'} (${rows.length} responses, bodies as transferred):`);
    for (const row of rows.filter((r) => ['html', 'css', 'js', 'wasm'].includes(r.kind))) {
      console.log(`  ${row.kind.padEnd(5)} ${kb(row.bytes).padStart(9)}  ${row.encoding.padEnd(4)} ${row.url}`);
    }
    const firstLoad = ['html', 'css', 'js', 'wasm'].reduce((sum, k) => sum + (totals[k] ?? 0), 0);
    for (const k of ['html', 'css', 'js', 'wasm', 'data', 'image', 'font', 'other']) {
      if (totals[k] !== undefined) console.log(`  total ${k.padEnd(5)} ${kb(totals[k]).padStart(9)}`);
    }
    const notBrotli = rows.filter((r) => ['html', 'css', 'js', 'wasm'].includes(r.kind) && r.encoding !== 'br' && r.bytes > 1024);
    for (const row of notBrotli) console.log(`  note: ${row.url} was served as '${row.encoding}', not brotli`);
    const booking = rows.filter((r) => r.url.includes('booking'));
    if (booking.length > 0) {
      console.log(`OVER BUDGET: the first load fetched the booking module: ${booking.map((r) => r.url).join(', ')}`);
      over = true;
    }
    const line = `HTML+CSS+JS+wasm ${kb(firstLoad)} of ${kb(BYTES_BUDGET)} (images ${kb(totals.image ?? 0)}, fonts ${kb(totals.font ?? 0)}, API data ${kb(totals.data ?? 0)})`;
    if (firstLoad > BYTES_BUDGET) {
      console.log(`OVER BUDGET: ${line}`);
      over = true;
    } else {
      console.log(`budget ok: ${line}`);
    }

    const runs = STAFF ? 0 : Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(base);
      results.push(result);
      console.log(`Lighthouse ${result.version} mobile run ${i + 1}: performance ${Math.round(result.score * 100)} (${result.metrics})`);
    }
    const scores = results.map((r) => r.score).sort((a, b) => a - b);
    const median = runs === 0 ? 1 : scores[Math.floor(scores.length / 2)];
    const scoreLine = `Lighthouse mobile performance ${Math.round(median * 100)} (median of ${runs}; budget ${SCORE_BUDGET * 100}+)`;
    if (runs === 0) {
      // The back office: bytes only.
    } else if (median < SCORE_BUDGET) {
      console.log(`OVER BUDGET: ${scoreLine}`);
      over = true;
    } else {
      console.log(`budget ok: ${scoreLine}`);
    }
  } finally {
    stop();
  }
  process.exit(over ? 1 : 0);
}

// Run as a script (`make budget`), not when slow-profile.mjs imports the helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
