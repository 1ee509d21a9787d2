import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import GroupIcon from '@mui/icons-material/Group';
import PersonIcon from '@mui/icons-material/Person';
import {
  accessLevelLabels,
  principalKey,
  principalTypeLabels,
  type AccessLevel,
  type Principal,
} from './access-levels';

export interface PrincipalPickerProps {
  value: Principal[];
  onChange: (value: Principal[]) => void;
  onBlur?: () => void;
  input: string;
  onInputChange: (input: string) => void;
  options: Principal[];
  loading: boolean;
  /** Who already has access, and which: shown beside them in the list. */
  current: Map<string, AccessLevel>;
  error?: string;
  searchError?: string;
}

const TypeIcon = ({ type }: { type: Principal['type'] }) =>
  type === 'GROUP' ? <GroupIcon fontSize="small" /> : <PersonIcon fontSize="small" />;

/** A searchable list of users and groups; the platform does the matching. */
export function PrincipalPicker(props: PrincipalPickerProps) {
  const { current } = props;
  return (
    <Autocomplete<Principal, true, false, false>
      multiple
      filterSelectedOptions
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      onBlur={props.onBlur}
      inputValue={props.input}
      onInputChange={(_event, input) => props.onInputChange(input)}
      options={props.options}
      filterOptions={(options) => options}
      groupBy={(option) => (option.type === 'USER' ? 'People' : 'Groups')}
      getOptionLabel={(option) => option.name}
      getOptionKey={principalKey}
      isOptionEqualToValue={(a, b) => principalKey(a) === principalKey(b)}
      loading={props.loading}
      noOptionsText={
        props.input ? `No user or group matches “${props.input}”` : 'No users or groups'
      }
      renderOption={({ key, ...optionProps }, option) => {
        const has = current.get(principalKey(option));
        return (
          <Box component="li" key={key} {...optionProps} sx={{ gap: 1.5 }}>
            <Box sx={{ color: 'text.secondary', display: 'flex' }}>
              <TypeIcon type={option.type} />
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {option.detail}
                {has ? ` · already ${accessLevelLabels[has].toLowerCase()}` : ''}
              </Typography>
            </Box>
            <Chip size="small" variant="outlined" label={principalTypeLabels[option.type]} />
          </Box>
        );
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              icon={<TypeIcon type={option.type} />}
              label={`${option.name} (${principalTypeLabels[option.type].toLowerCase()})`}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="People and groups"
          placeholder={props.value.length === 0 ? 'Search by name or email' : undefined}
          error={Boolean(props.error ?? props.searchError)}
          helperText={props.error ?? props.searchError ?? 'Type to search users and groups.'}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {props.loading && (
                    <CircularProgress color="inherit" size={18} aria-label="Searching" />
                  )}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
