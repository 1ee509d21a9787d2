import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Connector } from '../../../api/contract/streams';
import { FormSelectField } from '../../../components/form';
import type { WizardValues } from '../model/wizard-values';

export interface ConnectorStepProps {
  connectors: Connector[];
  onChoose: (key: string) => void;
}

function ConnectorCard({ connector, selected }: { connector: Connector; selected: boolean }) {
  const fields = connector.fields.map((f) => f.label).join(', ');
  const id = useId();
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1.5,
        pr: 2,
        border: 1,
        borderRadius: 1,
        cursor: 'pointer',
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.selected' : 'transparent',
        '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
        '&:has(:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Radio
        value={connector.key}
        sx={{ mt: -0.75, ml: -0.5 }}
        slotProps={{
          input: { 'aria-labelledby': `${id}-name`, 'aria-describedby': `${id}-needs` },
        }}
      />
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        <Typography id={`${id}-name`} sx={{ fontWeight: 600 }}>
          {connector.name}
        </Typography>
        <Typography id={`${id}-needs`} variant="body2" sx={{ color: 'text.secondary' }}>
          {fields ? `Needs: ${fields}` : 'No settings'}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
          {connector.key}
        </Typography>
      </Stack>
    </Box>
  );
}

/** Step 1: where the rows come from, and which version of that connector. */
export function ConnectorStep({ connectors, onChoose }: ConnectorStepProps) {
  const { control } = useFormContext<WizardValues>();
  const connectorKey = useWatch({ control, name: 'connectorKey' });
  const chosen = connectors.find((c) => c.key === connectorKey);

  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="connectorKey"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={!!fieldState.error} required>
            <FormLabel component="legend" id={`${field.name}-label`} sx={{ mb: 1.5 }}>
              Connector
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${field.name}-label`}
              name={field.name}
              value={field.value}
              onChange={(_event, key) => onChoose(key)}
              onBlur={field.onBlur}
              ref={(el: HTMLElement | null) =>
                field.ref(el ? { focus: () => el.querySelector('input')?.focus() } : null)
              }
              aria-describedby={fieldState.error ? `${field.name}-error` : undefined}
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {connectors.map((connector) => (
                <ConnectorCard
                  key={connector.key}
                  connector={connector}
                  selected={connector.key === field.value}
                />
              ))}
            </RadioGroup>
            {fieldState.error && (
              <FormHelperText id={`${field.name}-error`}>{fieldState.error.message}</FormHelperText>
            )}
          </FormControl>
        )}
      />
      <FormSelectField
        control={control}
        name="version"
        required
        label="Version"
        choices={(chosen?.versions ?? []).map((version) => ({ value: version, label: version }))}
        disabled={!chosen}
        helperText={chosen ? `The versions of ${chosen.name}` : 'Choose a connector first'}
        // The hint of a disabled field is still read: keep it at 4.5:1 (axe color-contrast).
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}
