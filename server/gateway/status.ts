import { gatewayStatus, type GatewayStatus } from '../../src/api/contract/gateway';
import type { ResolvedGatewayOptions } from './options';

const PROBE_TIMEOUT_MS = 2_000;
const PROBE_CACHE_MS = 5_000;

interface Reachability {
  reachable: boolean;
  latencyMs: number | null;
}

/** Any HTTP answer, even a 404, proves the upstream is there; only no answer is "unreachable". */
async function probe(url: URL): Promise<Reachability> {
  const started = performance.now();
  try {
    // No token: the probe needs no permission, and the root path needs none to answer.
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    return { reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false, latencyMs: null };
  }
}

/** Probes are cached for a few seconds so a console polling the status does not load the upstream. */
function cachedProbe(): (url: URL) => Promise<Reachability> {
  const cache = new Map<string, { at: number; result: Promise<Reachability> }>();
  return (url) => {
    const hit = cache.get(url.href);
    if (hit && performance.now() - hit.at < PROBE_CACHE_MS) return hit.result;
    const result = probe(url);
    cache.set(url.href, { at: performance.now(), result });
    return result;
  };
}

/** `GET /gateway/status` (contract: src/api/contract/gateway.ts). Hosts only, never a token. */
export function createStatusReporter(
  options: Pick<ResolvedGatewayOptions, 'mode' | 'brand' | 'baseUrl' | 'apiUrl'>,
): () => Promise<GatewayStatus> {
  const reach = cachedProbe();
  return async () => {
    const [base, api] = await Promise.all([reach(options.baseUrl), reach(options.apiUrl)]);
    return gatewayStatus.parse({
      mode: options.mode,
      upstreams: [
        { name: 'base', host: options.baseUrl.host, ...base },
        { name: 'api', host: options.apiUrl.host, ...api },
      ],
      brand: options.brand,
    });
  };
}
