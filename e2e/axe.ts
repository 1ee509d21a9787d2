import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page as it is now (or on the part `scope`, a CSS
 * selector, names) and fails on any serious or
 * critical violation, listing each rule with the elements it found.
 */
export async function expectAccessible(page: Page, screen: string, scope?: string) {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const results = await (scope ? builder.include(scope) : builder).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}

const THEME_KEY = 'platform-console.theme';

/** Opens every later page of this test in the given theme (the console remembers the choice). */
export async function useColorMode(page: Page, mode: 'light' | 'dark') {
  await page.addInitScript((m) => window.localStorage.setItem('platform-console.theme', m), mode);
}

/**
 * Axe on the page in light and then dark theme (reloads between the two). The pointer stays where
 * the last click left it, so a button under it would be read mid-way through its hover fade: the
 * pointer is moved off and transitions are switched off, so axe reads the colours at rest.
 */
export async function expectAccessibleInBothThemes(page: Page, screen: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => window.localStorage.setItem('platform-console.theme', m), mode);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await expectAccessible(page, `${screen} (${mode})`);
  }
}

/**
 * Axe on what an action has just shown (a notice, a dialog, an error state), in light and then
 * dark theme without a reload, which would lose it: the theme choice is written as another tab
 * would write it, and the console follows (MUI listens for the `storage` event), code editors
 * included. Transitions are switched off first, so axe reads the final colours, not a fade.
 */
export async function expectNoSeriousA11y(page: Page, screen: string, scope?: string) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const choose = (mode: string | null) =>
    page.evaluate(
      ({ key, m }) => {
        if (m === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, m);
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: m }));
      },
      { key: THEME_KEY, m: mode },
    );
  const before = await page.evaluate((key) => window.localStorage.getItem(key), THEME_KEY);
  for (const mode of ['light', 'dark'] as const) {
    await choose(mode);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
    await expectAccessible(page, `${screen} (${mode})`, scope);
  }
  await choose(before);
}
