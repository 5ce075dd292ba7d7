import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { FieldSpec, Line } from '@trenchline/domain';
import { displayValue } from '../../../components/lines/values';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useLiveRecord } from '../../../lib/realtime';
import { jobStream, useJob, type Job } from '../api/getJob';
import { JOB_ITEM_FIELDS, JOB_SHOWN_FIELDS } from '../fields';
import { WaitMessage } from '../../../components/WaitMessage';

function FieldList({ job }: { job: Job }) {
  const shown = JOB_SHOWN_FIELDS.filter((f) => f.name !== 'bid_ref');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="xs" verticalSpacing={4}>
      {shown.map((f) => (
        <div key={f.name} data-field={f.name}>
          <Text size="xs" c="dimmed" lh={1.2}>
            {f.label}
          </Text>
          <Text size="sm" lh={1.3} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {(f.name === 'created_at' || f.name === 'last_updated' ? showDateTime(job[f.name]) : displayValue(f, job[f.name])) || '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function ItemsTable({ items, fields }: { items: Line[]; fields: FieldSpec[] }) {
  const numeric = (f: FieldSpec) => ['number', 'money', 'percent'].includes(f.kind);
  return (
    <Table striped withTableBorder fz="xs" verticalSpacing={3} horizontalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          {fields.map((f) => (
            <Table.Th key={f.name} style={{ textAlign: numeric(f) ? 'right' : undefined }}>
              {f.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={fields.length} c="dimmed">
              No items.
            </Table.Td>
          </Table.Tr>
        )}
        {items.map((i) => (
          <Table.Tr key={i.id}>
            {fields.map((f) => (
              <Table.Td key={f.name} style={{ textAlign: numeric(f) ? 'right' : undefined }}>
                {displayValue(f, i[f.name])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /job/{id}: the job read-only, as created from a bid. The full job screens come later. */
export function JobPage() {
  const { id = '' } = useParams();
  useLiveRecord(jobStream(id));
  const job = useJob(id);

  if (job.isPending) return <WaitMessage boxed />;
  if (job.isError)
    return (
      <Alert color="red" title="The job could not be loaded">
        {errorText(job.error)}
      </Alert>
    );
  const j = job.data;
  const title = j.account_job_number || j.job_number || `#${j.id}`;
  return (
    <Stack gap="xs">
      <Paper withBorder p="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="sm">
            <Title order={4}>Job {String(title)}</Title>
            {Boolean(j.work_status) && (
              <Text size="xs" c="dimmed">
                Status <b>{String(j.work_status)}</b>
              </Text>
            )}
            {Boolean(j.form_type) && (
              <Text size="xs" c="dimmed">
                Form <b>{String(j.form_type)}</b>
              </Text>
            )}
          </Group>
          {Boolean(j.bid_ref) && (
            <Anchor component={Link} to={`/bid/${String(j.bid_ref)}`} size="sm">
              Open bid #{String(j.bid_ref)}
            </Anchor>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={2}>
          Read-only for now: the full job screens (editing, crews, materials, invoices ...) come in a later issue.
        </Text>
      </Paper>
      <Paper withBorder p="xs">
        <FieldList job={j} />
      </Paper>
      <Paper withBorder p="xs">
        <Title order={5} mb={4}>
          Items
        </Title>
        <ItemsTable items={j.items ?? []} fields={JOB_ITEM_FIELDS} />
      </Paper>
    </Stack>
  );
}
