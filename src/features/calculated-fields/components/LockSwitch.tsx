import Switch from '@mui/material/Switch';
import type { DatasetPermission } from '../../../api/access';
import type { CalculatedField } from '../../../api/contract';
import { Guard } from '../../../components';

export interface LockSwitchProps {
  field: Pick<CalculatedField, 'id' | 'name' | 'locked'>;
  disabled?: boolean;
  /** Whether the caller may change the field: disabled with the reason if not. */
  permission?: DatasetPermission;
  onChange: (locked: boolean) => void;
}

/** On = locked. Named after its field, so a screen reader hears which field it locks. */
export function LockSwitch({
  field,
  disabled,
  permission = { allowed: true },
  onChange,
}: LockSwitchProps) {
  return (
    <Guard allowed={permission.allowed} reason={permission.reason}>
      <Switch
        size="small"
        checked={field.locked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': `Locked: ${field.name}` } }}
      />
    </Guard>
  );
}
