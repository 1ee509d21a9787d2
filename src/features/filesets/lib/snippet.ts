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
