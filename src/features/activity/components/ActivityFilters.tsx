import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { actionInWords, objectTypeInWords } from '../../../api/audit';
import { auditActions, auditObjectTypes, type AuditObjectType } from '../../../api/contract/audit';
import { SearchField, UserName } from '../../../components';
import type { ActivityParams } from '../hooks/use-activity-params';

const ALL = '';

export function ActivityFilters({ params }: { params: ActivityParams }) {
  const { state } = params;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <SearchField
        label="Search"
        placeholder="Object, person or action"
        value={state.q}
        onSearch={params.setSearch}
        width={240}
      />
      <TextField
        select
        size="small"
        label="Object type"
        value={state.objectType ?? ALL}
        onChange={(e) => params.setObjectType((e.target.value || null) as AuditObjectType | null)}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value={ALL}>Any</MenuItem>
        {auditObjectTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {objectTypeInWords[type]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Action"
        value={(auditActions as readonly string[]).includes(state.action) ? state.action : ALL}
        onChange={(e) => params.setAction(e.target.value)}
        sx={{ minWidth: 190 }}
      >
        <MenuItem value={ALL}>Any</MenuItem>
        {auditActions.map((action) => (
          <MenuItem key={action} value={action}>
            {action.split('.')[0]}: {actionInWords(action)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="From"
        value={state.from}
        onChange={(e) => params.setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={state.to}
        onChange={(e) => params.setTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
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
    </Stack>
  );
}
