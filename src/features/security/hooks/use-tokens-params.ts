import { z } from 'zod';
import { accessTokenKind, type AccessTokenKind } from '../../../api/contract';
import { tokenStatuses, type StatusFilter } from '../lib/token-status';
import { useListParams } from './use-list-params';

const urlState = {
  kind: accessTokenKind.optional().catch(undefined),
  status: z.enum([...tokenStatuses, 'all']).catch('active'),
  page: z.coerce.number().int().min(1).catch(1),
};

/** The token list's filters in the URL: `kind`, `status` (default active) and `page`. */
export function useTokensParams() {
  const { params, update } = useListParams();
  return {
    kind: urlState.kind.parse(params.get('kind') ?? undefined),
    status: urlState.status.parse(params.get('status') ?? undefined),
    page: urlState.page.parse(params.get('page') ?? undefined) - 1,
    setKind: (kind: AccessTokenKind | undefined) => update({ kind: kind ?? null }),
    setStatus: (status: StatusFilter) => update({ status: status === 'active' ? null : status }),
    setPage: (page: number) =>
      update({ page: page > 0 ? String(page + 1) : null }, { resetPage: false }),
  };
}
export type TokensParams = ReturnType<typeof useTokensParams>;
