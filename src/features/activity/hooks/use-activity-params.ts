import { auditObjectTypes, type AuditObjectType } from '../../../api/contract/audit';
import type { AuditFilters } from '../../../api/audit';
import { useListParams } from '../../../hooks/use-list-params';
import { param } from '../../../lib/list-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = param.custom<string>({
  read: (raw) => (raw && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : ''),
  write: (value) => value || null,
});
const actorId = param.custom<number | null>({
  read: (raw) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null),
  write: (value) => (value === null ? null : String(value)),
});

/** The Activity screen's filters in the URL (architecture rule 5). */
const spec = {
  q: param.search(),
  objectType: param.optional(auditObjectTypes),
  objectId: param.text(),
  action: param.text(),
  actor: actorId,
  from: day,
  to: day,
};

/** A day as the start of that day (local time), and the end of `to`'s day, for the API. */
const startOf = (value: string, plusDays = 0) => {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

export function useActivityParams() {
  const [state, set] = useListParams(spec);
  const filters: AuditFilters = {
    q: state.q || undefined,
    objectType: state.objectType ?? undefined,
    objectId: state.objectId || undefined,
    action: state.action || undefined,
    actor: state.actor ?? undefined,
    from: startOf(state.from),
    to: startOf(state.to, 1),
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return {
    state,
    filters,
    filtered,
    setSearch: (q: string) => set({ q }),
    setObjectType: (objectType: AuditObjectType | null) => set({ objectType, objectId: '' }),
    setObjectId: (objectId: string) => set({ objectId }),
    setAction: (action: string) => set({ action }),
    setActor: (actor: number | null) => set({ actor }),
    setFrom: (from: string) => set({ from }),
    setTo: (to: string) => set({ to }),
    clear: () =>
      set({ q: '', objectType: null, objectId: '', action: '', actor: null, from: '', to: '' }),
  };
}
export type ActivityParams = ReturnType<typeof useActivityParams>;
