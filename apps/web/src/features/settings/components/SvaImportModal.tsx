import { Alert, Badge, Box, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { SvaPlanRow } from '@trenchline/domain';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useImportSvaCodes } from '../api/importSvaCodes';
import { planOf } from '../api/previewSvaImport';
import type { SvaPlan } from '../api/types';

const ACTION_COLOUR: Record<SvaPlanRow['action'], string> = { add: 'teal', update: 'blue', unchanged: 'gray', error: 'red' };
const COLUMNS = ['code', 'description', 'uom', 'rate', 'provisions'] as const;

const shown = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** One CSV cell: its value, what it replaces (updates), or the reason it is refused, in red. */
function PlanCell({ row, column }: { row: SvaPlanRow; column: (typeof COLUMNS)[number] }) {
  const error = row.errors[column];
  const change = row.changes?.[column];
  const value = shown(row.values[column]);
  return (
    <Table.Td style={{ verticalAlign: 'top', maxWidth: column === 'provisions' || column === 'description' ? 220 : undefined }} data-column={column}>
      {error ? null : change ? (
        <>
          <Text span fz="xs" td="line-through" c="dimmed">
            {shown(change.old)}
          </Text>{' '}
          <Text span fz="xs" fw={600}>
            {value}
          </Text>
        </>
      ) : (
        <Text span fz="xs">
          {value}
        </Text>
      )}
      {error && (
        <Text fz="xs" c="red.8" fw={600} data-error>
          {column} {error}
        </Text>
      )}
    </Table.Td>
  );
}

/** The import plan, every row with what importing would do; Import only when nothing is wrong. */
function PlanTable({ plan }: { plan: SvaPlan }) {
  return (
    <Box style={{ overflow: 'auto', maxHeight: '55vh' }}>
      <Table stickyHeader striped fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Action</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c} tt="capitalize">
                {c === 'uom' ? 'UOM' : c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.rows.map((r) => (
            <Table.Tr key={r.line} data-line={r.line} data-action={r.action} bg={r.action === 'error' ? 'red.0' : undefined}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={ACTION_COLOUR[r.action]}>
                  {r.action}
                </Badge>
              </Table.Td>
              {COLUMNS.map((c) => (
                <PlanCell key={c} row={r} column={c} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

interface Props {
  file: File | null;
  plan: SvaPlan | null;
  onPlan: (plan: SvaPlan) => void;
  onClose: () => void;
}

/** Preview of an SVA CSV import: counts, file problems, every row; Import writes all or nothing. */
export function SvaImportModal({ file, plan, onPlan, onClose }: Props) {
  const message = useMessage();
  const importCodes = useImportSvaCodes();
  const counts = plan?.counts;

  const run = () => {
    if (!file) return;
    importCodes.mutate(file, {
      onSuccess: (done) => {
        const c = done?.counts ?? counts;
        const n = c ? c.add + c.update : 0;
        message(`${n} SVA code${n === 1 ? '' : 's'} imported${c ? ` (${c.add} added, ${c.update} updated, ${c.unchanged} unchanged)` : ''}.`, 'success');
        onClose();
      },
      onError: (e) => {
        // Refused: nothing was written; the server's plan says which rows are wrong.
        const refused = planOf(e);
        if (refused) onPlan(refused);
        message(errorText(e), 'error');
      },
    });
  };

  return (
    <Modal opened={Boolean(plan)} onClose={onClose} title={`Import SVA codes${file ? ` from ${file.name}` : ''}`} size="90%">
      {plan && counts && (
        <Stack gap="xs">
          <Group gap={6} data-testid="sva-import-counts">
            <Badge color="teal" variant="light">
              {counts.add} to add
            </Badge>
            <Badge color="blue" variant="light">
              {counts.update} to update
            </Badge>
            <Badge color="gray" variant="light">
              {counts.unchanged} unchanged
            </Badge>
            <Badge color="red" variant={counts.error ? 'filled' : 'light'}>
              {counts.error} with errors
            </Badge>
          </Group>
          {plan.fileErrors.length > 0 && (
            <Alert color="red" variant="light" p="xs" title="The file cannot be imported">
              {plan.fileErrors.map((e) => (
                <Text key={e} size="xs">
                  {e}
                </Text>
              ))}
            </Alert>
          )}
          {!plan.ok && plan.fileErrors.length === 0 && counts.error > 0 && (
            <Text size="xs" c="red.8">
              Nothing is imported while any row has an error: fix the rows in red and choose the file again.
            </Text>
          )}
          {plan.rows.length > 0 && <PlanTable plan={plan} />}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button size="xs" onClick={run} disabled={!plan.ok} loading={importCodes.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
