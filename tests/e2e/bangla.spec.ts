/**
 * The site in Bangla (issue 15) at 360x740, against the real server in demo mode: the switch in
 * the header, remembered across a reload; a search with the form, a seat plan, passenger details
 * typed with Bengali digits, the sandbox gateway and the ticket, all in Bangla (Bengali digits,
 * taka, Bangla times); a ticket found by phone with the OTP from the SMS, typed in Bengali digits,
 * after a wrong one whose server message shows in Bangla (by its code); a first visit from a Bangla
 * phone; English back in one tap. Every page is checked for sideways overflow and by axe (no
 * serious or critical violation); screenshots go to artifacts/ (bangla-*.png) to be looked at.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyTicket, seriousViolations } from './api';
import { appTookOver, artifacts, collectProblems, dhakaDate } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

/** This file's own numbers: the ticket search finds exactly its tickets. */
const PHONE = '01944815273';
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const toBengali = (text: string) => text.replace(/[0-9]/g, (d) => BN_DIGITS[Number(d)] ?? d);
const toAscii = (text: string) => text.replace(/[০-৯]/g, (d) => String(BN_DIGITS.indexOf(d)));

/** A clock time as the Bangla site says it: the part of the day, then Bengali digits. */
const BANGLA_TIME = /(ভোর|সকাল|দুপুর|বিকেল|সন্ধ্যা|রাত) [০-৯]{1,2}:[০-৯]{2}/;
const TAKA = /^-? ?[০-৯][০-৯,]* টাকা$/;

/**
 * What sticks out of a 360 px screen sideways, or is cut: the page wider than the screen, and
 * any text element whose own content is wider than its box while it hides the overflow.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page is ${root.scrollWidth}px wide`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (!el.offsetParent || el.closest('[hidden],.visually-hidden,.ticker,.scroller')) continue;
      const box = el.getBoundingClientRect();
      // Visually hidden on purpose (a 1 px box for screen readers).
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      const text = el.textContent?.trim() ?? '';
      if (hides && text && el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}.${el.className}: '${text.slice(0, 40)}' cut`);
      if (box.right > root.clientWidth + 1 && style.position !== 'fixed') found.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(box.right)}px`);
    }
    return found.slice(0, 10);
  });
}

/** A page in Bangla, looked at: a screenshot, nothing sideways, nothing serious for axe. */
async function lookAt(page: Page, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${artifacts}bangla-${name}.png` });
  expect(await overflow(page), `${name}: overflow`).toEqual([]);
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
}

test('switch to Bangla, search, choose seats, pay in the sandbox and see the ticket, all in Bangla', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  await page.goto('/bus');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy bus tickets' })).toBeVisible();

  // One tap, named in its own language; the page answers in Bangla and remembers it.
  await page.getByRole('banner').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'বাসের টিকিট কিনুন' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'English' })).toBeVisible();
  await expect(page.getByText('এটি ডেমো সাইট', { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'বাসের টিকিট কিনুন' })).toBeVisible();
  // The Bengali font came with Bangla.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা'))).toBe(true);
  await lookAt(page, 'home');

  // The mobile menu has the switch too.
  await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
  const menu = page.getByRole('dialog', { name: 'মেনু' });
  await expect(menu.getByRole('button', { name: 'English' })).toBeVisible();
  await menu.getByRole('button', { name: 'বন্ধ করুন' }).click();

  // The search form in Bangla; cities are found by what is typed.
  for (const [label, typed, name] of [
    ['কোথা থেকে', 'dhak', /^(Dhaka|ঢাকা)$/],
    ['কোথায়', 'chitt', /^(Chittagong|চট্টগ্রাম)$/],
  ] as const) {
    const field = page.getByRole('combobox', { name: label, exact: true });
    await field.click();
    await field.fill(typed);
    await page.getByRole('option', { name }).first().click();
  }
  await page.getByLabel('যাত্রার তারিখ').fill(dhakaDate(1));
  await page.getByRole('button', { name: 'খুঁজুন', exact: true }).click();
  await expect(page).toHaveURL(/\/bus\/trip\?/);
  await expect(page.getByText(/^[০-৯]+টি যাত্রা পাওয়া গেছে$/)).toBeVisible();
  await expect(page.getByTestId('fare').first()).toHaveText(/[০-৯,]+ টাকা/);
  await expect(page.getByTestId('departure').first()).toHaveText(BANGLA_TIME);
  await lookAt(page, 'results');

  // The seat plan: points, then a seat a man may take (not a ladies seat).
  await page.getByRole('link', { name: /^আসন দেখুন/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'আসন বেছে নিন' })).toBeVisible();
  const boarding = page.getByLabel('বোর্ডিং পয়েন্ট');
  await expect(boarding.locator('option')).not.toHaveCount(1);
  await boarding.selectOption({ index: 1 });
  const dropping = page.getByLabel('ড্রপিং পয়েন্ট');
  await dropping.selectOption({ index: (await dropping.locator('option').count()) - 1 });
  await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /^আসন [^,]+, খালি, [০-৯,]+ টাকা$/ }).first().click();
  await expect(page.getByTestId('total')).toHaveText(TAKA);
  await lookAt(page, 'seat-plan');
  await page.getByRole('button', { name: 'এগিয়ে যান' }).click();
  await expect(page).toHaveURL(/\/bus\/payment$/);

  // Passenger details: the core's messages in Bangla; a phone typed in Bengali digits is taken.
  await expect(page.getByRole('heading', { level: 1, name: 'পেমেন্ট' })).toBeVisible();
  await expect(page.getByTestId('hold-timer')).toContainText(/আপনার আসন আর [০-৯]+:[০-৯]{2} ধরে রাখা থাকবে/);
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page.getByText('এই ঘরটি পূরণ করতে হবে')).toHaveCount(3);
  await page.getByLabel('পুরো নাম').fill('রহিম উদ্দিন');
  await page.getByLabel('মোবাইল নম্বর').fill(toBengali('0171555') + '১২৩৪');
  await page.getByLabel('পুরুষ', { exact: true }).check();
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page.getByTestId('invoice')).toBeVisible();
  await expect(page.getByTestId('invoice-amount')).toHaveText(TAKA);
  await lookAt(page, 'payment');

  // The sandbox gateway is the server's page; back on the site the ticket is in Bangla.
  await page.getByRole('button', { name: /^[০-৯,]+ টাকা পরিশোধ করুন$/ }).click();
  await expect(page).toHaveURL(/\/gateway\/sandbox\//);
  await page.getByRole('button', { name: /^(Pay|পরিশোধ)/ }).first().click();
  await expect(page).toHaveURL(/\/bus\/payment\/success\?tnxId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'পেমেন্ট সফল হয়েছে' })).toBeVisible();
  await expect(page.getByTestId('ticket-pnr')).toHaveText(/\S{5,}/);
  await expect(page.getByTestId('ticket-departure')).toContainText(BANGLA_TIME);
  await expect(page.getByTestId('ticket-departure')).toContainText(/(শনি|রবি|সোম|মঙ্গল|বুধ|বৃহস্পতি|শুক্র)বার/);
  await expect(page.getByTestId('ticket-paid')).toHaveText(TAKA);
  // Place and operator names in Bangla, from the data (the API sends both scripts).
  await expect(page.getByText('ঢাকা থেকে চট্টগ্রাম').first()).toBeVisible();
  await lookAt(page, 'ticket');

  // The e-ticket PDF is written in Bangla too: its text, as pdftotext reads it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'টিকিট নামান', exact: true }).click();
  const pdf = await (await downloading).path();
  const { stdout: text } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', pdf, '-']);
  for (const expected of ['রহিম উদ্দিন', 'ঢাকা', 'চট্টগ্রাম', 'যাত্রী', 'বোর্ডিং পয়েন্ট', 'টাকা']) {
    expect(text, `the PDF says ${expected}`).toContain(expected);
  }
  expect(text).not.toContain('PASSENGER');

  // English is one tap away, exactly as before.
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('ticket-paid')).toHaveText(/^[\d,]+ TK$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(problems).toEqual([]);
});

/** An OTP's SMS to PHONE (the ticket's own SMS goes to the same phone, issue 37). */
function isOtpTo(m: { phone: string; body: string }): boolean {
  return m.phone === PHONE && m.body.includes('OTP');
}

/** The newest SMS to PHONE after `after` messages, and its code in either script's digits. */
async function sms(request: APIRequestContext, after: number): Promise<{ code: string; body: string }> {
  const response = await request.post('/oauth/access_token', { data: { grant_type: 'client_credentials', client_id: 'web' } });
  const bearer = ((await response.json()) as { access_token: string }).access_token;
  let code: string | undefined;
  let body = '';
  await expect
    .poll(async () => {
      const answer = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
      const mine = ((await answer.json()) as { data: { phone: string; body: string }[] }).data.filter(isOtpTo);
      body = mine.length > after ? (mine.at(-1)?.body ?? '') : '';
      code = toAscii(body).match(/\b(\d{4})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return { code: code!, body };
}

async function smsCount(request: APIRequestContext): Promise<number> {
  const response = await request.post('/oauth/access_token', { data: { grant_type: 'client_credentials', client_id: 'web' } });
  const bearer = ((await response.json()) as { access_token: string }).access_token;
  const answer = await request.get('/v1/api/dev/sms-outbox', { headers: { Authorization: `Bearer ${bearer}` } });
  return ((await answer.json()) as { data: { phone: string; body: string }[] }).data.filter(isOtpTo).length;
}

test('find a ticket by phone in Bangla: the OTP typed in Bengali digits, a wrong one told in Bangla', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'bn'));
  await buyTicket(page, request, PHONE);
  const problems = collectProblems(page);

  await page.goto('/bus/find-ticket');
  await appTookOver(page);
  await expect(page.getByRole('heading', { level: 1, name: 'আগের টিকিট' })).toBeVisible();
  await lookAt(page, 'find-ticket');
  const before = await smsCount(request);
  await page.getByLabel('মোবাইল নম্বর').fill(toBengali(PHONE));
  await page.getByRole('button', { name: 'এগিয়ে যান' }).click();

  const popup = page.getByRole('dialog', { name: 'টিকিট খুঁজতে OTP দিন' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(`${toBengali(PHONE)} নম্বরে SMS-এ পাঠানো`);
  await expect(popup).toContainText(/[০-৯]:[০-৯]{2} পর নতুন কোড চাইতে পারবেন/);
  const { code, body } = await sms(request, before);
  // The site says its language to the server: the SMS comes in Bangla.
  expect(body).toContain('টিকিট খুঁজতে আপনার OTP');

  // A wrong code: the server says why by its code, shown in Bangla under the boxes.
  const wrong = code[0] + (code.slice(1) === '000' ? '111' : '000');
  await page.keyboard.type(toBengali(wrong));
  await popup.getByRole('button', { name: 'OTP যাচাই করুন' }).click();
  await expect(popup.getByText('OTP ভুল হয়েছে, কোডটি দেখে আবার চেষ্টা করুন')).toBeVisible();
  await lookAt(page, 'otp');

  // The right one, in Bengali digits, box by box.
  await popup.getByRole('textbox', { name: '৪টির মধ্যে ১ নম্বর সংখ্যা' }).click();
  await page.keyboard.type(toBengali(code));
  await popup.getByRole('button', { name: 'OTP যাচাই করুন' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText(`${toBengali(PHONE)} নম্বরে ১টি টিকিট`)).toBeVisible();
  const ticket = page.locator('.ticket').first();
  await expect(ticket).toContainText('নিশ্চিত');
  await expect(ticket).toContainText(BANGLA_TIME);
  await lookAt(page, 'tickets');
  // The wrong code's 400 is the journey's own.
  expect(problems.filter((p) => !p.includes('search-ticket') && !p.includes('status of 400'))).toEqual([]);
});

test('a first visit from a Bangla phone is in Bangla; English is one tap away and stays', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'bn-BD', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/launch');
  await expect(page.getByRole('heading', { level: 1, name: 'লঞ্চের টিকিট কিনুন' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle(/.+/);
  await lookAt(page, 'launch-home');
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Buy launch tickets' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});
