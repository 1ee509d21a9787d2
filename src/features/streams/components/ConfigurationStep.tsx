import type { ComponentType } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Connector } from '../../../api/contract/streams';
import { CollectionField } from './CollectionField';
import { ConfigurationField, type ConfigurationFieldProps } from './ConfigurationField';
import { DataFileField } from './DataFileField';

/** Inputs richer than text for the fields the console knows; every other field is text. */
const inputs: Record<string, ComponentType<ConfigurationFieldProps>> = {
  dataFileId: DataFileField,
  collectionId: CollectionField,
};

/** Step 2: the connector's own fields, as the platform lists them. */
export function ConfigurationStep({ connector }: { connector: Connector }) {
  if (connector.fields.length === 0)
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        {connector.name} needs no settings. Go on to the next step.
      </Typography>
    );
  return (
    <Stack spacing={3}>
      {connector.fields.map((field) => {
        const Input = inputs[field.name] ?? ConfigurationField;
        return <Input key={field.name} field={field} />;
      })}
    </Stack>
  );
}
