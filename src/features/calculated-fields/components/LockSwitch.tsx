import Switch from '@mui/material/Switch';
import type { CalculatedField } from '../../../api/contract';

export interface LockSwitchProps {
  field: Pick<CalculatedField, 'id' | 'name' | 'locked'>;
  disabled?: boolean;
  onChange: (locked: boolean) => void;
}

/** On = locked. Named after its field, so a screen reader hears which field it locks. */
export function LockSwitch({ field, disabled, onChange }: LockSwitchProps) {
  return (
    <Switch
      size="small"
      checked={field.locked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': `Locked: ${field.name}` } }}
    />
  );
}
