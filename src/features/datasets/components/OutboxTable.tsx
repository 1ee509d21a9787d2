import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '../../../api/contract';
import { DataTable, DateTime, type DataColumn } from '../../../components';

const columns: DataColumn<OutboxMessage>[] = [
  { key: 'to', header: 'To', nowrap: true, cell: (message) => message.to },
  {
    key: 'message',
    header: 'Message',
    cell: (message) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {message.subject}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {message.body}
        </Typography>
      </>
    ),
  },
  {
    key: 'sent',
    header: 'Sent',
    nowrap: true,
    cell: (message) => <DateTime value={message.createdAt} />,
  },
];

/** The notifications `sendEmail` wrote for this dataset, newest first. */
export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  return (
    <DataTable
      label="Notifications sent"
      columns={columns}
      rows={messages}
      rowKey={(message) => String(message.id)}
    />
  );
}
