import { SelectFilter } from '../../../components';

export interface PersonFilterProps {
  /** The people offered, by user id, in the order shown. */
  people: ReadonlyMap<number, string>;
  /** The person chosen; null for everyone. */
  value: number | null;
  onChange: (userId: number | null) => void;
}

/** One person or everyone; a person not offered (yet) still shows as the address chose them. */
export function PersonFilter({ people, value, onChange }: PersonFilterProps) {
  const choices = new Map([...people].map(([id, name]) => [String(id), name]));
  if (value !== null && !choices.has(String(value))) choices.set(String(value), `User ${value}`);
  return (
    <SelectFilter
      label="Person"
      anyLabel="Everyone"
      minWidth={220}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      choices={choices}
    />
  );
}
