import type { Locator } from '@playwright/test';

/**
 * Replace what a code editor (CodeMirror) holds by typing, as a user does. `fill` selects the
 * text through the DOM, which CodeMirror may not have taken in yet: the text then lands before
 * the old one instead of replacing it. Ctrl+A is CodeMirror's own select-all.
 */
export async function typeInto(editor: Locator, text: string) {
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Delete');
  await editor.pressSequentially(text, { delay: 0 });
}
