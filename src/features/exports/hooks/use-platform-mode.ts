import { useGatewayStatus } from '../../../api/gateway';

/**
 * Which platform the console talks to, from `/gateway/status` (the header's indicator reads the
 * same answer): the embedded platform answers reads a real instance has not. Undefined while the
 * gateway has not answered; a gateway that cannot say is treated as a real instance.
 */
export function usePlatformMode(): 'embedded' | 'remote' | undefined {
  const status = useGatewayStatus();
  if (status.data) return status.data.mode;
  return status.isError ? 'remote' : undefined;
}
