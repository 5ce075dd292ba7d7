import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { QueryStates } from '../../../components/table/QueryStates';
import { showDateTime } from '../../../lib/dates';
import { http } from '../../../lib/http';
import { formatSize } from '../reportLogic';

interface KeptMail {
  id: string;
  to: string;
  kind: string;
  subject: string;
  body: string;
  created_at: string;
  attachments: { id: string; file_name: string; size: number; url: string }[];
}

/** /report/outbox/ (admins, an install without SMTP): what would have been mailed, and its attachments. */
export function MailOutboxPage() {
  const mail = useQuery({ queryKey: ['mail_outbox'], queryFn: ({ signal }) => http.get<KeptMail[]>('/api/mail_outbox/', { signal }), staleTime: 0 });
  const rows = mail.data ?? [];
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Mail outbox</Title>
        <Anchor component={Link} to="/report/schedules/" fz="xs">
          Report schedules
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        No SMTP server is set (SMTP_URL), so mail is kept here instead of sent: newest first.
      </Text>
      <QueryStates query={mail} noun="mail" count={rows.length} empty="No mail kept yet.">
        <Table striped fz="xs" verticalSpacing={3} horizontalSpacing={6} aria-label="Kept mail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Attachments</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} title={m.body}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDateTime(m.created_at)}</Table.Td>
                <Table.Td>{m.to}</Table.Td>
                <Table.Td>{m.subject}</Table.Td>
                <Table.Td>
                  {m.attachments.map((a) => (
                    <Anchor key={a.id} href={a.url} fz="xs" mr="xs">
                      {a.file_name} ({formatSize(a.size)})
                    </Anchor>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </QueryStates>
    </Paper>
  );
}
