import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DifferenceOutlinedIcon from '@mui/icons-material/DifferenceOutlined';
import type { Experiment, ExperimentCase } from '../../../../api/contract';
import { DataTable, type DataColumn, type DataTablePager } from '../../../../components';
import { formatCount } from '../../../../lib/format';
import { variantLabel, variantLetter } from '../lib/describe';
import { CellView } from './CellView';

function CaseInputs({ c, expectedColumn }: { c: ExperimentCase; expectedColumn: string | null }) {
  const inputs = Object.entries(c.inputs);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180, maxWidth: 320 }}>
      <Typography variant="subtitle2" component="span">
        Case {formatCount(c.index + 1)}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
      >
        {inputs.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {name}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
        {c.expected !== null && (
          <>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              expected{expectedColumn ? ` (${expectedColumn})` : ''}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {c.expected}
            </Typography>
          </>
        )}
      </Box>
    </Stack>
  );
}

interface ResultsMatrixProps {
  experiment: Experiment;
  cases: ExperimentCase[];
  pager: DataTablePager;
  updating: boolean;
  onRunAgain: (caseIndex: number, variant: number) => void;
  /** The cell being run again, "case:variant". */
  runningAgain: string | undefined;
  onDiff: (c: ExperimentCase) => void;
  empty: ReactNode;
}

/** One row per case (its inputs), one column per variant (its answer, scores, tokens, latency). */
export function ResultsMatrix({
  experiment,
  cases,
  pager,
  updating,
  onRunAgain,
  runningAgain,
  onDiff,
  empty,
}: ResultsMatrixProps) {
  const columns: DataColumn<ExperimentCase>[] = [
    {
      key: 'case',
      header: 'Case',
      rowHeader: true,
      sx: { verticalAlign: 'top' },
      cell: (c) => (
        <Stack spacing={1}>
          <CaseInputs c={c} expectedColumn={experiment.expectedColumn} />
          {experiment.variants.length > 1 && (
            <div>
              <Button
                size="small"
                startIcon={<DifferenceOutlinedIcon />}
                onClick={() => onDiff(c)}
                aria-label={`Compare outputs of case ${c.index + 1}`}
              >
                Compare outputs
              </Button>
            </div>
          )}
        </Stack>
      ),
    },
    ...experiment.variants.map((v, i): DataColumn<ExperimentCase> => ({
      key: `variant-${i}`,
      header: variantLabel(v, i),
      headerSx: { whiteSpace: 'normal' },
      sx: { verticalAlign: 'top' },
      cell: (c) => (
        <CellView
          cell={c.cells.find((cell) => cell.variant === i)}
          scorers={experiment.scorers}
          where={`case ${c.index + 1}, variant ${variantLetter(i)}`}
          onRunAgain={() => onRunAgain(c.index, i)}
          runningAgain={runningAgain === `${c.index}:${i}`}
        />
      ),
    })),
  ];
  return (
    <DataTable
      label="Results"
      columns={columns}
      rows={cases}
      rowKey={(c) => String(c.index)}
      pager={pager}
      updating={updating}
      empty={empty}
    />
  );
}
