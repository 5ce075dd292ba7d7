import { useEffect, useMemo, useState } from 'react';
import { Button, Group, NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ACTIVITY_TYPES, SALES_MESSAGES, salesActivities, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../components/lines/api/deleteLine';
import { confirmAction } from '../../../lib/confirm';
import { parseTypedDate, showDate, todayIso } from '../../../lib/dates';
import { showHours } from '../../../lib/numbers';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useSaveActivities } from '../api/calls';
import { salesKey } from '../api/types';
import { activitiesToSave, blankActivity, draftsOf, totalHours, type ActivityDraft } from '../activitiesLogic';
import { DeleteCell } from '../../../components/table/TableCells';
import { noneYet } from '../../../lib/words';

interface Props {
  organizationId: string;
  activities: Line[];
  readOnly?: boolean;
}

/** Which saved lines the rows were drawn from: a change by anyone (or our own save) draws them again when nothing is being edited. */
const signatureOf = (lines: readonly Line[]) => lines.map((l) => `${l.id}:${String(l.version ?? '')}`).join(',');

/**
 * The organization's sales activities as a small table: rows added and edited in place, then saved
 * together by one Save (PUT /api/sales/sales_activities/), which says 'Good work! Activities successfully saved!'.
 */
export function ActivitiesSection({ organizationId, activities, readOnly }: Props) {
  const message = useMessage();
  const save = useSaveActivities(organizationId);
  const remove = useDeleteLine(salesActivities, salesKey(organizationId));
  const [drafts, setDrafts] = useState<ActivityDraft[]>(() => draftsOf(activities));
  const [base, setBase] = useState<Line[]>(activities);
  const [added, setAdded] = useState(0);
  // After our own Save the rows are drawn again from the server's lines (their ids, versions and who logged them).
  const [redraw, setRedraw] = useState(false);
  const pending = useMemo(() => activitiesToSave(organizationId, drafts, base), [organizationId, drafts, base]);
  const signature = signatureOf(activities);

  useEffect(() => {
    if (!redraw && (signature === signatureOf(base) || pending.length > 0)) return;
    setBase(activities);
    setDrafts(draftsOf(activities));
    setRedraw(false);
    // Only the saved lines' identity matters here; the rows being edited are read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, redraw]);

  const set = (key: string, field: keyof ActivityDraft, value: string | null) => setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, [field]: value ?? '' } : d)));
  const addRow = () => {
    setDrafts((ds) => [...ds, blankActivity(added, todayIso())]);
    setAdded((n) => n + 1);
  };
  const saveAll = () =>
    save.mutate(pending, {
      onSuccess: (answer) => {
        message(answer.message || SALES_MESSAGES.activities, 'success');
        setRedraw(true);
      },
      onError: (e) => message(`${SALES_MESSAGES.saveFailed} (${errorText(e)})`, 'error'),
    });
  const del = (d: ActivityDraft) => {
    if (!d.id) return setDrafts((ds) => ds.filter((x) => x.key !== d.key));
    if (!confirmAction('Sure you want to delete this activity?')) return;
    remove.mutate(d.id, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  return (
    <>
      <Group justify="space-between" mb={4}>
        <Title order={5}>Sales activities</Title>
        {!readOnly && (
          <Group gap="xs">
            <Button size="compact-xs" variant="default" onClick={addRow}>
              Add activity
            </Button>
            <Button size="compact-xs" onClick={saveAll} disabled={pending.length === 0} loading={save.isPending} data-testid="save-activities">
              Save activities
            </Button>
          </Group>
        )}
      </Group>
      <Table striped withTableBorder verticalSpacing={2} horizontalSpacing={4} data-testid="activities">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Date</Table.Th>
            <Table.Th w={130}>Activity</Table.Th>
            <Table.Th w={80} ta="right">
              Hours
            </Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th w={110}>By</Table.Th>
            {!readOnly && <Table.Th w={60} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="xs" c="dimmed">
                  {noneYet('activities', readOnly ? undefined : 'Add activity')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {drafts.map((d, i) => (
            <Table.Tr key={d.key} data-activity={d.id ?? 'new'} bg={pending.some((p) => (d.id ? p.id === d.id : false)) || (!d.id && !readOnly) ? 'yellow.0' : undefined}>
              {readOnly ? (
                <>
                  <Table.Td>{showDate(d.activity_date)}</Table.Td>
                  <Table.Td>{d.activity_type}</Table.Td>
                  <Table.Td ta="right">{showHours(d.hours) || d.hours}</Table.Td>
                  <Table.Td>{d.notes}</Table.Td>
                </>
              ) : (
                <>
                  <Table.Td>
                    <DateInput size="xs" aria-label={`Date of activity ${i + 1}`} valueFormat="MM/DD/YYYY" dateParser={parseTypedDate} value={d.activity_date || null} onChange={(v) => set(d.key, 'activity_date', v)} popoverProps={{ withinPortal: true }} />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect size="xs" aria-label={`Activity ${i + 1}`} data={['', ...ACTIVITY_TYPES]} value={d.activity_type} onChange={(e) => set(d.key, 'activity_type', e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={`Hours of activity ${i + 1}`} inputMode="decimal" styles={{ input: { textAlign: 'right' } }} value={d.hours} onChange={(e) => set(d.key, 'hours', e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={`Notes of activity ${i + 1}`} value={d.notes} onChange={(e) => set(d.key, 'notes', e.currentTarget.value)} />
                  </Table.Td>
                </>
              )}
              <Table.Td>
                <Text size="xs">{d.user ?? ''}</Text>
              </Table.Td>
              {!readOnly && (
                <DeleteCell onDelete={() => del(d)} label={`Delete activity ${i + 1}`} />
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600} ta="right" mt={4} data-testid="activity-hours">
        Total {showHours(totalHours(drafts))}
      </Text>
    </>
  );
}
