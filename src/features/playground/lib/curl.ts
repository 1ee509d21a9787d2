import type { TextGenerationBody } from '../../../api/contract';
import { GENERATION_PATH } from '../../../api/generation';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The run as a `curl` command against this console's gateway, which adds the token: none is in
 * the command, and none is needed on the machine that runs it (only access to the gateway).
 */
export function curlCommand(origin: string, body: TextGenerationBody): string {
  return [
    `curl -X POST ${quote(`${origin}${GENERATION_PATH}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data-raw ${quote(JSON.stringify(body))}`,
  ].join(' \\\n');
}
