/**
 * Playwright journeys in Debian's Chromium (/usr/bin/chromium; never a browser download:
 * install with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1) against the real static-server binary, which
 * serves app/dist and the site's own endpoints in demo mode on a throwaway SQLite database.
 *
 * Prerequisites: `npm run build` in app/ (app/dist) and a release build of static-server.
 * Environment:
 *   STATIC_SERVER_BIN  server binary (default ../../target/release/static-server, relative to
 *                      this folder)
 *   E2E_PORT           port on 127.0.0.1 (default 18080; the themed server takes the next one,
 *                      the Eid queue's server the one after)
 *   E2E_DIST_DIR       the built site to serve (default ../../app/dist)
 *   E2E_OUTPUT_DIR     results, databases and traces (default ./test-results; emptied per run)
 *   E2E_REPORT         the JSON report (default ../reports/e2e.json)
 * The last three let two runs (say, two people's) share a machine without clobbering each other.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// A second server with another tenant theme (an operator's own site) and the new-site banner
// rolled out to everyone: the journeys in theme.spec.ts use it.
const themedPort = port + 1;
const serverBin = path.resolve(here, process.env.STATIC_SERVER_BIN ?? '../../target/release/static-server');
const outputDir = path.resolve(here, process.env.E2E_OUTPUT_DIR ?? 'test-results');
const distDir = path.resolve(here, process.env.E2E_DIST_DIR ?? '../../app/dist');
const reportFile = path.resolve(here, process.env.E2E_REPORT ?? '../reports/e2e.json');
// Under outputDir, which Playwright empties at the start of every run: each run gets a fresh
// database. The runner empties it *before* starting the web server, hence the mkdir in the
// command rather than here.
const databaseDir = path.join(outputDir, 'server');
const databaseFile = path.join(databaseDir, 'e2e.db');
const themedDatabaseFile = path.join(databaseDir, 'e2e-themed.db');

const ONE_ADDRESS_FOR_ALL = {
  RATE_LIMITS: 'token=2000/min,otp-send=200/min,otp-check=500/min,seat-lock=2000/min,full-bus=100/min',
  HOLD_SEATS_PER_ADDRESS: '100000',
};

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

// A third server with an Eid sale window over every trip (queue.spec.ts): a two-minute cycle
// from a fixed moment (a minute of pre-queue, then a minute of sales through the line), so the
// journey knows where it stands whenever it runs. Written under outputDir by the server's
// command, as the database is.
const queuePort = port + 2;
const windowsFile = path.join(databaseDir, 'windows.json');
const WINDOWS = JSON.stringify({
  windows: [{ id: 'e2e-eid', service: 'BUS', opensAt: '2026-01-01T00:00', repeatEveryMinutes: 2, preQueueMinutes: 1, openForMinutes: 1, admitPerMinute: 600, admissionMinutes: 10 }],
});

/**
 * One static-server in demo mode on `serverPort`, on its own throwaway SQLite file, with `env`
 * added; `setUp` runs before it (in the output folder, which the runner empties first).
 */
function server(serverPort: number, database: string, env: Record<string, string>, setUp?: string) {
  return {
    command: [`mkdir -p ${shellQuote(databaseDir)}`, setUp, `exec ${shellQuote(serverBin)}`].filter(Boolean).join(' && '),
    cwd: here,
    url: `http://127.0.0.1:${serverPort}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite://${database}`,
      DEMO_MODE: '1',
      // Three days of trips are enough for the journeys (today and tomorrow) and seed faster.
      DEMO_DAYS: '3',
      // Every journey comes from 127.0.0.1: one address standing for many travellers (the limits
      // themselves are tested in ticket-api/tests/attacks.rs).
      ...ONE_ADDRESS_FOR_ALL,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  outputDir,
  forbidOnly: true,
  retries: 0,
  // One server, two cores: journeys run one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: reportFile }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // Mobile first: most travellers are on small Android phones.
    viewport: { width: 360, height: 640 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    server(port, databaseFile, { RENTAL_URL: 'https://rental.example.com/' }),
    server(themedPort, themedDatabaseFile, { THEME: 'hanif', ROLLOUT_PERCENTAGE: '100', RENTAL_URL: 'https://rental.example.com/' }),
    server(queuePort, path.join(databaseDir, 'e2e-queue.db'), { SALE_WINDOWS: windowsFile }, `printf '%s' ${shellQuote(WINDOWS)} > ${shellQuote(windowsFile)}`),
  ],
});
