import { describe, expect, it } from 'vitest';
import { plainSnippet, snippetParts } from './snippet';

describe('snippetParts', () => {
  it('splits a passage into text and hits', () => {
    expect(snippetParts('Plant <mark>seeds</mark> at <mark>dusk</mark>.')).toEqual([
      { text: 'Plant ', hit: false },
      { text: 'seeds', hit: true },
      { text: ' at ', hit: false },
      { text: 'dusk', hit: true },
      { text: '.', hit: false },
    ]);
  });

  it('keeps any other markup as text', () => {
    expect(snippetParts('<img src=x onerror=alert(1)> <mark><b>x</b></mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: '<b>x</b>', hit: true },
    ]);
  });

  it('reads plain text and an empty passage', () => {
    expect(snippetParts('no hits')).toEqual([{ text: 'no hits', hit: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});

describe('plainSnippet', () => {
  it('shows a Markdown passage as text: headings, emphasis, lists, links and code go', () => {
    expect(
      plainSnippet(
        '## <mark>Answer</mark>\nReset the **widget** by holding `Power`.\n\n- Step *one*\n- See [the manual](https://x.test/m)',
      ),
    ).toBe('<mark>Answer</mark> · Reset the widget by holding Power. · Step one See the manual');
  });

  it('keeps the hits and text that only looks like syntax', () => {
    expect(plainSnippet('a * b = c and 2 # of <mark>them</mark>')).toBe(
      'a * b = c and 2 # of <mark>them</mark>',
    );
    expect(plainSnippet('| col | val |\n|---|---|\n| <mark>x</mark> | 1 |')).toBe(
      'col val <mark>x</mark> 1',
    );
    expect(plainSnippet('### Heading ###\n\n> quoted')).toBe('Heading · quoted');
  });
});
