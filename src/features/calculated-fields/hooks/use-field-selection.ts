import { useMemo, useState } from 'react';
import type { BulkField } from '../../../api/calculated-fields';
import type { CalculatedField } from '../../../api/contract';

/**
 * The selected fields, across pages: the grid gives ids, and each field's name is kept from the
 * page it was selected on, so a bulk result can name every field.
 */
export function useFieldSelection(rows: CalculatedField[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, BulkField>>(new Map());
  const ids = useMemo(() => [...selected.keys()], [selected]);
  const fields = useMemo(() => [...selected.values()], [selected]);
  return {
    ids,
    fields,
    change: (ids: number[]) =>
      setSelected((current) => {
        const next = new Map<number, BulkField>();
        for (const id of ids) {
          const field = current.get(id) ?? rows.find((r) => r.id === id);
          if (field) next.set(id, { id, name: field.name });
        }
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}
