import Chip from '@mui/material/Chip';
import { Tooltip } from '../../components/Tooltip';
import CircleIcon from '@mui/icons-material/Circle';
import type { GatewayStatus } from '../../api/contract';
import { useGatewayStatus } from '../../api/gateway';

const upstreamNames = { base: 'Platform API', api: 'Workflow API' } as const;

interface Indicator {
  label: string;
  color: 'default' | 'success' | 'error';
  details: string[];
}

function describe(status: GatewayStatus): Indicator {
  const base = status.upstreams.find((u) => u.name === 'base');
  const name = status.mode === 'embedded' ? 'Embedded platform' : (base?.host ?? 'Platform');
  const allReachable = status.upstreams.every((u) => u.reachable);
  return {
    label: allReachable ? name : `${name} unreachable`,
    color: allReachable ? 'success' : 'error',
    details: status.upstreams.map(
      (u) =>
        `${upstreamNames[u.name]} (${u.host}): ${
          u.reachable ? `${u.latencyMs === null ? '?' : Math.round(u.latencyMs)} ms` : 'unreachable'
        }`,
    ),
  };
}

/** Which platform the console talks to, and whether it answers (polled from /gateway/status). */
export function UpstreamIndicator() {
  const { data, isPending, isError } = useGatewayStatus();
  const indicator: Indicator = isPending
    ? { label: 'Checking platform…', color: 'default', details: [] }
    : isError || !data
      ? {
          label: 'Console server unreachable',
          color: 'error',
          details: ['/gateway/status did not answer'],
        }
      : describe(data);

  return (
    <Tooltip
      describeChild
      title={
        indicator.details.length
          ? indicator.details.map((line) => <div key={line}>{line}</div>)
          : ''
      }
    >
      <Chip
        size="small"
        variant="outlined"
        color={indicator.color}
        icon={<CircleIcon sx={{ fontSize: 10 }} />}
        label={indicator.label}
        role="status"
        tabIndex={0}
        aria-label={`Upstream: ${indicator.label}`}
        data-reachable={indicator.color === 'success' ? 'true' : 'false'}
        sx={{ maxWidth: { xs: 160, sm: 320 } }}
      />
    </Tooltip>
  );
}
