import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dataset, Experiment } from '../../../../api/contract';
import { useQuery } from '@tanstack/react-query';
import { allDatasetsQueryOptions } from '../../../../api/datasets';
import { useSaveExperimentAsDataset } from '../../../../api/experiments';
import { ErrorState, TitledDialog } from '../../../../components';
import { plural } from '../../../../lib/format';
import { datasetPath } from '../../../../lib/paths';

interface SaveAsDatasetDialogProps {
  experiment: Experiment;
  open: boolean;
  onClose: () => void;
}

/**
 * The results as a dataset, so they are shared, certified and exported like any data: a new one
 * by name, or a new version of one. Once saved, it says so here with a link to it.
 */
export function SaveAsDatasetDialog({ experiment, open, onClose }: SaveAsDatasetDialogProps) {
  const [as, setAs] = useState<'new' | 'version'>('new');
  const [name, setName] = useState(`${experiment.name} results`);
  const [target, setTarget] = useState<Dataset | null>(null);
  const [problem, setProblem] = useState<string>();
  // Listed only when a version of one is to be picked.
  const datasets = useQuery({ ...allDatasetsQueryOptions(), enabled: open && as === 'version' });
  const save = useSaveExperimentAsDataset();
  const saved = save.data;

  const close = () => {
    save.reset();
    setProblem(undefined);
    onClose();
  };
  const submit = () => {
    if (as === 'new' && name.trim() === '') return setProblem('Give the dataset a name');
    if (as === 'version' && !target) return setProblem('Pick the dataset');
    setProblem(undefined);
    save.mutate({
      id: experiment.id,
      body: as === 'new' ? { name: name.trim() } : { datasetId: target!.id },
    });
  };

  return (
    <TitledDialog
      open={open}
      onClose={close}
      title="Save the results as a dataset"
      busy={save.isPending}
    >
      <DialogContent>
        {saved ? (
          <Alert severity="success">
            Saved {plural(saved.rows, 'row')} as{' '}
            <Link component={RouterLink} to={datasetPath(saved.datasetId)}>
              {saved.name}
            </Link>
            .
          </Alert>
        ) : (
          <Stack
            component="form"
            id="save-as-dataset"
            noValidate
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <RadioGroup
              aria-label="Save as"
              value={as}
              onChange={(_, value) => {
                setAs(value as 'new' | 'version');
                setProblem(undefined);
              }}
            >
              <FormControlLabel value="new" control={<Radio />} label="A new dataset" />
              <FormControlLabel
                value="version"
                control={<Radio />}
                label="A new version of a dataset (its rows are replaced)"
              />
            </RadioGroup>
            {as === 'new' ? (
              <TextField
                label="Dataset name"
                required
                autoFocus
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={problem !== undefined}
                helperText={
                  problem ?? 'One row per case: its inputs, and each variant’s output and scores'
                }
              />
            ) : (
              <Autocomplete<Dataset>
                options={datasets.data?.datasets ?? []}
                loading={datasets.isPending}
                value={target}
                onChange={(_, next) => setTarget(next)}
                getOptionLabel={(d) => d.name}
                getOptionKey={(d) => d.id}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Dataset"
                    required
                    error={problem !== undefined}
                    helperText={problem ?? 'A dataset you may change'}
                  />
                )}
              />
            )}
            {save.isError && <ErrorState error={save.error} title="The results were not saved" />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {saved ? (
          <>
            <Button onClick={close}>Close</Button>
            <Button component={RouterLink} to={datasetPath(saved.datasetId)} variant="contained">
              Open the dataset
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="save-as-dataset"
              variant="contained"
              loading={save.isPending}
            >
              Save
            </Button>
          </>
        )}
      </DialogActions>
    </TitledDialog>
  );
}
