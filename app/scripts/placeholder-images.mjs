// Writes small placeholder PNGs for the image paths the demo data uses (app/public/images/):
// the seed names .png files (banners, offers, blogs, routes, operator logos) that have no real
// artwork yet. Each is a simple landscape (sky, sun, hills) or a logo disc, in colours derived from
// its name, palette-encoded so one weighs ~1-3 KB. Run: node scripts/placeholder-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/images');

const operators = [
  'green-line', 'hanif', 'shohagh', 'shyamoli', 'ena', 'desh-travels', 'saint-martin', 'london-express',
  's-alam', 'soudia', 'national', 'eagle', 'nabil', 'tungipara', 'sakura', 'royal-coach', 'unique',
  'sr-travels', 'golden-line', 'grameen', 'emad', 'sundarban', 'parabat', 'adventure', 'kirtankhola',
  'surovi', 'tasrif', 'prince-awlad', 'kuakata', 'meghna', 'farhan',
];
const banners = [
  'intercity-business-class', 'intercity-eid', 'intercity-payment', 'intercity-safety', 'intercity-sleeper',
  'water-barishal', 'water-family-cabin', 'water-safety', 'water-vip-cabin',
];
const blogs = ['coxs-bazar', 'eid-travel', 'hill-tracts', 'kuakata', 'launch-barishal', 'sundarbans', 'sylhet-tea'];
const offers = ['cabin500', 'eid200', 'first100', 'green15', 'launch10', 'night50'];
const routes = [
  'barishal-dhaka', 'bhola-dhaka', 'chattogram-coxs-bazar', 'chattogram-dhaka', 'dhaka-barguna', 'dhaka-barishal',
  'dhaka-bhola', 'dhaka-chandpur', 'dhaka-chattogram', 'dhaka-coxs-bazar', 'dhaka-jhalokathi', 'dhaka-khulna',
  'dhaka-kuakata', 'dhaka-patuakhali', 'dhaka-pirojpur', 'dhaka-rajshahi', 'dhaka-rangpur', 'dhaka-sylhet',
];

// --- PNG encoding (palette, 8 bits per pixel) --------------------------------------------------
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(width, height, palette, alpha, pixel) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height);
  let prev = null;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width);
    for (let x = 0; x < width; x++) row[x] = pixel(x, y);
    const offset = y * (width + 1);
    if (prev && row.equals(prev)) {
      raw[offset] = 2; // Up: a row like the one above is all zeros
    } else {
      raw[offset] = 0;
      row.copy(raw, offset + 1);
    }
    prev = row;
  }
  const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('PLTE', Buffer.from(palette.flat()))];
  if (alpha) parts.push(chunk('tRNS', Buffer.from(alpha)));
  parts.push(chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

// --- pictures ---------------------------------------------------------------------------------------
function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}
function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Sky (a gradient in 8 steps), a sun, two rows of hills; water for launch pictures. */
function landscape(name, width, height) {
  const h = hash(name);
  const hue = h % 360;
  const water = /water|launch|barishal|bhola|chandpur|cabin|sundarban|kuakata|coxs|patuakhali|pirojpur|jhalokathi|barguna/.test(name);
  const palette = [];
  for (let i = 0; i < 8; i++) palette.push(hsl(hue, 0.55, 0.82 - i * 0.035)); // 0-7 sky
  palette.push([255, 236, 170]); // 8 sun
  palette.push(hsl((hue + 140) % 360, 0.35, 0.45)); // 9 far hills
  palette.push(water ? hsl(205, 0.55, 0.42) : hsl((hue + 110) % 360, 0.45, 0.32)); // 10 ground or water
  palette.push(water ? hsl(205, 0.5, 0.55) : hsl((hue + 110) % 360, 0.35, 0.4)); // 11 stripes
  const sunX = width * (0.2 + ((h >> 8) % 60) / 100);
  const sunY = height * 0.38;
  const sunR = height * 0.14;
  const phase = ((h >> 16) % 100) / 15;
  return png(width, height, palette, null, (x, y) => {
    const far = height * (0.62 + 0.08 * Math.sin(x / (width / 5) + phase));
    const near = height * 0.78;
    if (y >= near) return Math.floor((y - near) / (height * 0.055)) % 2 === 0 ? 10 : 11;
    if (y >= far) return 9;
    if ((x - sunX) ** 2 + (y - sunY) ** 2 <= sunR ** 2) return 8;
    return Math.min(7, Math.floor((y / near) * 8));
  });
}

/** An operator's logo: a disc in its colour with a light ring, on transparent. */
function logo(name, size) {
  const hue = hash(name) % 360;
  const palette = [[0, 0, 0], hsl(hue, 0.6, 0.38), hsl(hue, 0.6, 0.85)];
  const c = (size - 1) / 2;
  return png(size, size, palette, [0, 255, 255], (x, y) => {
    const d = Math.hypot(x - c, y - c);
    if (d > size / 2) return 0;
    if (d > size * 0.34 && d < size * 0.4) return 2;
    return 1;
  });
}

const files = [
  ...banners.map((n) => [`banners/${n}.png`, landscape(n, 640, 240)]),
  ...blogs.map((n) => [`blogs/${n}.png`, landscape(n, 320, 180)]),
  ...offers.map((n) => [`offers/${n}.png`, landscape(n, 320, 180)]),
  ...routes.map((n) => [`routes/${n}.png`, landscape(n, 320, 180)]),
  ...operators.map((n) => [`operators/${n}.png`, logo(n, 96)]),
];
let total = 0;
for (const [path, bytes] of files) {
  const file = join(out, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  total += bytes.length;
}
console.log(`${files.length} placeholder images, ${(total / 1024).toFixed(1)} KB in all, in ${out}`);
