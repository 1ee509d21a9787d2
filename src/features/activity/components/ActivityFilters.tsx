import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { actionInWords, objectTypeInWords } from '../../../api/audit';
import { auditActions } from '../../../api/contract/audit';
import { UserName } from '../../../components';
import { FilterBar, searchFilter, selectFilter } from '../../../components/FilterBar';
import type { ActivityParams } from '../hooks/use-activity-params';

type AuditAction = (typeof auditActions)[number];
const isAuditAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);
const actionChoices = new Map(
  auditActions.map((action) => [action, `${action.split('.')[0]}: ${actionInWords(action)}`]),
);

/** A day the list starts or ends on (the date picker of the browser). */
function DayField(props: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

export function ActivityFilters({ params }: { params: ActivityParams }) {
  const { state } = params;
  return (
    <FilterBar
      filters={[
        searchFilter({
          label: 'Search',
          placeholder: 'Object, person or action',
          value: state.q,
          onSearch: params.setSearch,
          width: 240,
        }),
        selectFilter({
          label: 'Object type',
          anyLabel: 'Any',
          value: state.objectType,
          onChange: params.setObjectType,
          choices: objectTypeInWords,
          minWidth: 150,
        }),
        selectFilter({
          label: 'Action',
          anyLabel: 'Any',
          value: isAuditAction(state.action) ? state.action : null,
          onChange: (action) => params.setAction(action ?? ''),
          choices: actionChoices,
          minWidth: 190,
        }),
      ]}
    >
      <DayField label="From" value={state.from} onChange={params.setFrom} />
      <DayField label="To" value={state.to} onChange={params.setTo} />
      {state.objectId && (
        <Chip label={`Object ${state.objectId}`} onDelete={() => params.setObjectId('')} />
      )}
      {state.actor !== null && (
        <Chip
          label={
            <>
              Person: <UserName id={state.actor} tabIndex={-1} />
            </>
          }
          onDelete={() => params.setActor(null)}
        />
      )}
      {params.filtered && <Button onClick={params.clear}>Clear filters</Button>}
    </FilterBar>
  );
}
