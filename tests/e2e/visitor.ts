/**
 * The browser's own visitor, for journeys that prepare something through the API (a booking, a
 * ticket) and then show it in the page. The server made the visitor and signed it into the
 * page's token (DESIGN §3 "Identity and ownership"): only that token may read what it books, so
 * the API calls must be made with the very token the page keeps (its `token` cookie).
 */
import { expect, type Page } from '@playwright/test';

export async function siteToken(page: Page): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto('/bus');
  let token: string | undefined;
  await expect
    .poll(async () => {
      token = (await page.context().cookies()).find((c) => c.name === 'token' && c.value !== '')?.value;
      return token;
    }, { message: 'the page got its token' })
    .toBeTruthy();
  return token!;
}
