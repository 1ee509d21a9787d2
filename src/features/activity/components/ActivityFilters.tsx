import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { actionInWords, objectTypeInWords } from '../../../api/audit';
import { auditActions, type AuditObjectType } from '../../../api/contract/audit';
import { UserName } from '../../../components';
import { FilterBar, searchFilter, selectFilter } from '../../../components/FilterBar';
import type { ListController } from '../../../hooks/use-list-controller';
import { activitySpec, isFiltered, noFilters, auditFilters } from '../lib/activity-params';

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

export function ActivityFilters({ list }: { list: ListController<typeof activitySpec> }) {
  const { params: state, setters } = list;
  return (
    <FilterBar
      filters={[
        searchFilter({
          label: 'Search',
          placeholder: 'Object, person or action',
          value: state.q,
          onSearch: setters.q,
          width: 240,
        }),
        selectFilter<AuditObjectType>({
          label: 'Object type',
          anyLabel: 'Any',
          value: state.objectType,
          onChange: (objectType) => list.set({ objectType, objectId: '' }),
          choices: objectTypeInWords,
          minWidth: 150,
        }),
        selectFilter({
          label: 'Action',
          anyLabel: 'Any',
          value: isAuditAction(state.action) ? state.action : null,
          onChange: (action) => setters.action(action ?? ''),
          choices: actionChoices,
          minWidth: 190,
        }),
      ]}
    >
      <DayField label="From" value={state.from} onChange={setters.from} />
      <DayField label="To" value={state.to} onChange={setters.to} />
      {state.objectId && (
        <Chip label={`Object ${state.objectId}`} onDelete={() => setters.objectId('')} />
      )}
      {state.actor !== null && (
        <Chip
          label={
            <>
              Person: <UserName id={state.actor} tabIndex={-1} />
            </>
          }
          onDelete={() => setters.actor(null)}
        />
      )}
      {isFiltered(auditFilters(state)) && (
        <Button onClick={() => list.set(noFilters)}>Clear filters</Button>
      )}
    </FilterBar>
  );
}
