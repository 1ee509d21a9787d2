import { Controller, useFormContext, useWatch } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField, type FormTextFieldProps } from '../../../components/form';
import { describeSchedule, toAdvancedScheduleJson } from '../model/schedule';
import { TimeZoneField } from './TimeZoneField';
import { MAX_INTERVAL_MINUTES, scheduleHolds } from '../model/step-schemas';
import type { ScheduleType, WizardValues } from '../model/wizard-values';

const types: { value: ScheduleType; label: string }[] = [
  { value: 'MANUAL', label: 'Manual: only when started' },
  { value: 'INTERVAL', label: 'Every N minutes' },
  { value: 'DAILY', label: 'Daily at a time' },
];

/** The field each kind of schedule asks for (a manual stream asks none). */
const whenField = {
  INTERVAL: {
    name: 'schedule.intervalMinutes',
    label: 'Minutes between runs',
    type: 'number',
    helperText: `From 1 to ${MAX_INTERVAL_MINUTES.toLocaleString('en-US')} (a week)`,
    slotProps: { htmlInput: { min: 1, max: MAX_INTERVAL_MINUTES, step: 1 } },
    sx: { maxWidth: 360 },
  },
  DAILY: {
    name: 'schedule.at',
    label: 'Time of day',
    type: 'time',
    helperText: 'HH:MM, 24-hour clock',
    slotProps: { inputLabel: { shrink: true } },
    sx: { maxWidth: 240 },
  },
} satisfies Record<
  Exclude<ScheduleType, 'MANUAL'>,
  Omit<FormTextFieldProps<WizardValues>, 'control'>
>;

/** Step 5: manual, every N minutes, or daily at HH:MM, in a time zone. */
export function ScheduleStep() {
  const { control } = useFormContext<WizardValues>();
  const schedule = useWatch({ control, name: 'schedule' });

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Controller
        control={control}
        name="schedule.type"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend" id={`${field.name}-label`}>
              Runs
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${field.name}-label`}
              row
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            >
              {types.map((type) => (
                <FormControlLabel
                  key={type.value}
                  value={type.value}
                  label={type.label}
                  control={<Radio />}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {schedule.type !== 'MANUAL' && (
        // Keyed by the type: each kind of schedule has a field of its own in the form.
        <FormTextField
          key={schedule.type}
          control={control}
          required
          {...whenField[schedule.type]}
        />
      )}
      <TimeZoneField />
      {scheduleHolds(schedule) && (
        <Stack spacing={0.5}>
          <Typography variant="body2">{describeSchedule(schedule)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Sent as <code>advancedScheduleJson</code>:{' '}
            <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
              {toAdvancedScheduleJson(schedule)}
            </Typography>
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
