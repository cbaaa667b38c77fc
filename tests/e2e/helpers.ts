/** Shared by the journeys: artifacts folder, Dhaka dates, and a page's console problems. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** The second server (another theme; playwright.config.ts starts it on the next port). */
export const themedURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18080) + 1}`;
/** The server whose every bus trip is in an Eid sale window (playwright.config.ts). */
export const queueURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18080) + 2}`;

/** Screenshots saved for people to look at (git-ignored). */
export const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

/** A date in Dhaka (UTC+6 all year, no daylight saving) `days` from today, as YYYY-MM-DD. */
export function dhakaDate(days = 0): string {
  return new Date(Date.now() + 6 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Console errors, uncaught exceptions, CSP violations and failed requests: a clean page has none. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    // Navigations to made-up paths answer 404 on purpose.
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      problems.push(`HTTP ${response.status()} ${response.url()}`);
    }
  });
  return problems;
}

/**
 * Waits until the app has taken over a prerendered page (its plain form gone). The hand-over of
 * what a traveller typed meanwhile has tests of its own (offline.spec.ts); a journey that fills
 * a field at once could otherwise fill the plain field as it is being replaced.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('form[data-prerendered]')).toHaveCount(0);
}

/** Chooses a city in a type-ahead field by typing part of its name and picking the option. */
export async function chooseCity(page: Page, label: 'From' | 'To', typed: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label, exact: true });
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('combobox', { name: label, exact: true }).waitFor();
}

/** The first boarding point and the last dropping point (the whole searched segment), then the
 * seat plan of that segment drawn. */
export async function choosePoints(page: Page): Promise<{ boarding: string; dropping: string }> {
  const boarding = page.getByLabel('Boarding point');
  await expect(boarding.locator('option')).not.toHaveCount(1);
  await boarding.selectOption({ index: 1 });
  const dropping = page.getByLabel('Dropping point');
  const last = (await dropping.locator('option').count()) - 1;
  await dropping.selectOption({ index: last });
  await expect(page.locator('.seat-plan')).toHaveAttribute('aria-busy', 'false');
  return { boarding: await boarding.inputValue(), dropping: await dropping.inputValue() };
}
