import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { browserTimeZone, timeZoneOptions } from '../model/schedule';
import type { WizardValues } from '../model/wizard-values';

/** An IANA zone from the browser's list; the browser's own zone is the default. */
export function TimeZoneField() {
  const { control } = useFormContext<WizardValues>();
  const zone = browserTimeZone();
  const options = useMemo(() => timeZoneOptions(zone), [zone]);
  return (
    <Controller
      control={control}
      name="schedule.timezone"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={field.value || null}
          onChange={(_event, value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          autoHighlight
          sx={{ maxWidth: 480 }}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label="Time zone"
              name={field.name}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                `Daily runs and the dates of APPEND partitions use it (yours: ${zone})`
              }
            />
          )}
        />
      )}
    />
  );
}
