import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

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
