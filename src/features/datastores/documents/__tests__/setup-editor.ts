/**
 * jsdom has no layout: CodeMirror measures text through Range rectangles, which jsdom lacks.
 * Empty rectangles are enough for it to run; the browser tests cover the real thing.
 */
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
