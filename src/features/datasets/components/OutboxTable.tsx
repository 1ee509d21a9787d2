import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '../../../api/contract';
import { DateTime } from '../../../components';

/** The notifications `sendEmail` wrote for this dataset, newest first. */
export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Notifications sent" size="small">
        <TableHead>
          <TableRow>
            <TableCell>To</TableCell>
            <TableCell>Message</TableCell>
            <TableCell>Sent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((message) => (
            <TableRow key={message.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{message.to}</TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {message.subject}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {message.body}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTime value={message.createdAt} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
