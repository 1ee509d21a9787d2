import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, listing each rule with the elements it found.
 */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** Opens every later page of this test in the given theme (the console remembers the choice). */
export async function useColorMode(page: Page, mode: 'light' | 'dark') {
  await page.addInitScript((m) => window.localStorage.setItem('platform-console.theme', m), mode);
}

/** Axe on the page in light and then dark theme (reloads between the two). */
export async function expectAccessibleInBothThemes(page: Page, screen: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => window.localStorage.setItem('platform-console.theme', m), mode);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `${screen} (${mode})`);
  }
}
