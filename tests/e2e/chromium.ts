/** How every browser of the journeys starts: Debian's Chromium, headless, talking to nothing
 * but the server under test (TOOLCHAIN.md). */
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
