import http from 'node:http';
import { Readable } from 'node:stream';

/**
 * A light HTTP client for load from one process: node:http on a keep-alive agent, answering a
 * web `Response`. Node's `fetch` (undici) spends about 1–2 ms of the client's own CPU per request,
 * so 100 requests at once from one process measure the client as much as the server (the floor
 * for 100 POSTs at once to a server that does nothing: p50 ≈ 90 ms with fetch; with this, 30–45 ms
 * alone and 35–70 ms inside the `workflows` bench, which prints it).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent },
      (res) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
        }
        const noBody = res.statusCode === 204 || res.statusCode === 304;
        resolve(
          new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status: res.statusCode ?? 0,
            headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
