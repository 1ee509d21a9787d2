import { format, isValid, parseISO } from 'date-fns';
import Box from '@mui/material/Box';
import type { CollectionColumnType } from '../../../../api/contract';
import { DateTime } from '../../../../components';
import { LongCellValue, cellText, isLongValue } from './CellValue';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A DATE column's `YYYY-MM-DD`: a calendar day, shown without any time zone shift. */
function DateOnly({ value }: { value: string }) {
  const day = parseISO(value);
  if (!DATE_ONLY.test(value) || !isValid(day)) return <span>{value}</span>;
  return (
    <time dateTime={value} title={value}>
      {format(day, 'd MMM yyyy')}
    </time>
  );
}

export interface ContentCellProps {
  name: string;
  type: CollectionColumnType | 'JSON';
  value: unknown;
  tabIndex: -1 | 0;
}

/** A content value in its column's type; what does not fit the type is shown as it is. */
export function ContentCell({ name, type, value, tabIndex }: ContentCellProps) {
  if (value === undefined || value === null) return null;
  if (isLongValue(value)) return <LongCellValue field={name} value={value} tabIndex={tabIndex} />;
  if (type === 'DATE' && typeof value === 'string') return <DateOnly value={value} />;
  if (type === 'DATETIME' && typeof value === 'string') return <DateTime value={value} />;
  return (
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {cellText(value)}
    </Box>
  );
}
