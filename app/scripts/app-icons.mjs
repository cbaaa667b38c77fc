// Draws the installed app's icons (public/icons/THEME-{192,512,maskable-512}.png) from each
// theme's logo (public/logos/THEME.svg) in Debian's Chromium, so the PNGs follow the logos.
// Run by hand when a logo changes and commit the PNGs: the build itself needs no browser.
//   node scripts/app-icons.mjs   (needs tests/e2e's node_modules for playwright-core)
// The maskable icon is the logo on the theme's brand colour, inside the middle 60% of the square:
// launchers crop maskable icons to a circle or squircle that keeps only the middle 80%.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(app, '../tests/e2e/package.json'));
const { chromium } = require('playwright-core');

const logos = join(app, 'public/logos');
const out = join(app, 'public/icons');
mkdirSync(out, { recursive: true });

/** The logo's own background colour: its first rect's fill (each logo is a rounded square). */
const brandOf = (svg) => /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(svg)?.[1] ?? '#0b6e4f';

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const file of readdirSync(logos).filter((f) => f.endsWith('.svg'))) {
    const theme = file.replace(/\.svg$/, '');
    const svg = readFileSync(join(logos, file), 'utf8');
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    for (const [name, size, maskable] of [[`${theme}-192.png`, 192, false], [`${theme}-512.png`, 512, false], [`${theme}-maskable-512.png`, 512, true]]) {
      const logo = maskable ? Math.round(size * 0.6) : size;
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? brandOf(svg) : 'transparent'}">` +
          `<img src="${src}" width="${logo}" height="${logo}"></body>`,
      );
      await page.screenshot({ path: join(out, name), omitBackground: !maskable });
      console.log(`public/icons/${name}`);
    }
  }
} finally {
  await browser.close();
}
