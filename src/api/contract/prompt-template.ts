/**
 * `${name}`: a placeholder of a prompt template (4.11). One definition for the platform, which
 * fills them, and the console, which finds them to build a form.
 */
export const PLACEHOLDER_PATTERN = /\$\{([A-Za-z_][\w.-]*)\}/g;

/** The placeholder names of a template, each once, in order of first appearance. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!))];
}

/** Filled by the platform itself: `${input}` from `input`, `${system}` from `system`. */
export const BUILT_IN_PLACEHOLDERS = ['input', 'system'] as const;
