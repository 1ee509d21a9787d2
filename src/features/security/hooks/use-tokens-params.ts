import { accessTokenKinds, type AccessTokenKind } from '../../../api/contract';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';
import { tokenStatuses, type StatusFilter } from '../lib/token-status';

/** The token list's filters in the URL: `kind`, `status` (default active) and `page`. */
const spec = {
  kind: param.optional(accessTokenKinds),
  status: param.oneOf([...tokenStatuses, 'all'], 'active'),
  page: param.page(),
};

export function useTokensParams() {
  const [state, set] = useListParams(spec);
  return {
    kind: state.kind ?? undefined,
    status: state.status,
    page: state.page,
    setKind: (kind: AccessTokenKind | undefined) => set({ kind: kind ?? null }),
    setStatus: (status: StatusFilter) => set({ status }),
    setPage: (page: number) => set({ page }),
  };
}
export type TokensParams = ReturnType<typeof useTokensParams>;
