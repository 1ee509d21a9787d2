import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { gatewayKeys } from './keys';

export const GATEWAY_STATUS_INTERVAL_MS = 15_000;

/** Answered by the gateway itself: which upstream the console talks to, and whether it answers. */
export const getGatewayStatus = (signal?: AbortSignal) =>
  request({
    path: '/gateway/status',
    schema: () => import('../contract/gateway').then((m) => m.gatewayStatus),
    signal,
  });

export const gatewayStatusQueryOptions = () =>
  queryOptions({
    queryKey: gatewayKeys.status(),
    queryFn: ({ signal }) => getGatewayStatus(signal),
    refetchInterval: GATEWAY_STATUS_INTERVAL_MS,
    staleTime: GATEWAY_STATUS_INTERVAL_MS,
    // The indicator shows the failure itself; a toast every 15 s would only repeat it.
    meta: { silentRefetchErrors: true },
  });

export const useGatewayStatus = () => useQuery(gatewayStatusQueryOptions());
