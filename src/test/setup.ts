import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// jsdom has no layout: media queries answer as a 1024 px wide, light-themed window would.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (!min || width >= Number(min[1])) &&
      (!max || width <= Number(max[1])) &&
      !query.includes('prefers-color-scheme: dark');
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}

// Nor does it measure text: CodeMirror asks a Range for its boxes; none is an honest answer.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const none = () => [] as unknown as DOMRectList;
  Range.prototype.getClientRects = none;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

// Lazy pages are transformed on first import, which can take a while on a busy machine.
configure({ asyncUtilTimeout: 15_000 });
