// Prints the size budgets: the core's wasm modules (raw, gzip -9, brotli q11), the first-load
// `site` module against its 80 KB gzip budget, and every file of app/dist as served.
// Exits 1 when a budget is exceeded.
// Run by `make size` after a build.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1024;
const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const row = (name, s) => console.log(`${name.padEnd(48)} raw ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(9)}  brotli ${kb(s.brotli).padStart(9)}`);

let over = false;
const wasm = sizes(readFileSync('pkg/core_wasm_bg.wasm'));
row('pkg/core_wasm_bg.wasm (site: first load)', wasm);
row('pkg/booking/core_wasm_booking_bg.wasm (lazy)', sizes(readFileSync('pkg/booking/core_wasm_booking_bg.wasm')));
const WASM_GZIP_BUDGET = 80 * KB;
if (wasm.gzip > WASM_GZIP_BUDGET) {
  console.log(`OVER BUDGET: wasm gzip ${kb(wasm.gzip)} > ${kb(WASM_GZIP_BUDGET)}`);
  over = true;
}

const walk = (dir) => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? walk(p) : [p];
});
const total = { raw: 0, gzip: 0, brotli: 0 };
for (const file of walk('app/dist').sort()) {
  const s = sizes(readFileSync(file));
  row(file, s);
  if (/\.(html|js|css|wasm)$/.test(file)) for (const k of Object.keys(total)) total[k] += s[k];
}
row('app/dist html+css+js+wasm (all routes)', total);
process.exit(over ? 1 : 0);
