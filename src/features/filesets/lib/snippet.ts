export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * The platform's passage marks hits with `<mark>` and `</mark>`; everything else is the file's
 * text as is (platform-gaps.md), so it is split into parts and drawn as text, never as HTML.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let hit = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') hit = true;
    else if (piece === '</mark>') hit = false;
    else if (piece !== '') parts.push({ text: piece, hit });
  }
  return parts;
}

/** A Markdown file, by its type or its name: its passages are shown without the syntax. */
export const isMarkdown = (contentType: string, name: string) =>
  /^text\/(markdown|x-markdown)\b/i.test(contentType) || /\.(md|markdown)$/i.test(name);

/**
 * A Markdown passage as the text a reader sees ("## Answer" reads "Answer"): heading,
 * list and quote marks, emphasis, code ticks, link and image syntax and table rules go; a
 * paragraph or heading break becomes " · ", a line break a space. The `<mark>` tags of hits stay,
 * and the result is still only ever drawn as text.
 */
export function plainSnippet(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // A table's rule line (|---|:--:|) goes; its cell bars read as spaces.
      .replace(
        /(^|\n)[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(\n|$)/g,
        '$1',
      )
      .replace(/(^|\n)[ \t]{0,3}#{1,6}[ \t]+([^\n]*?)[ \t]*#*[ \t]*(?=\n|$)/g, '$1$2\n\n')
      .replace(/(^|\n)[ \t]*>[ \t]?/g, '$1')
      .replace(/(^|\n)[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/g, '$1')
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/\*\*|__|~~|`+/g, '')
      .replace(/(^|[\s(>])\*(?=\S)([^*\n]+?)\*(?=[\s).,;:!?<]|$)/g, '$1$2')
      .replace(/[ \t]*\|[ \t]*/g, ' ')
      .replace(/\n[ \t]*\n\s*/g, ' · ')
      .replace(/\s+/g, ' ')
      .replace(/^ ?· /, '')
      .replace(/ · ?$/, '')
      .trim()
  );
}
