import { useState } from 'react';
import { Alert, Anchor, Button, Drawer, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { confirmAction } from '../../../lib/confirm';
import { showDateTime } from '../../../lib/dates';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useUsers, useWebhooks } from '../../settings';
import { fetchKeptFilter, useFilterWords, useDeleteSchedule, useRunSchedule, useSaveSchedule, useSchedule, type Rhythm, type ScheduleDetail, type ScheduleValues } from '../api/schedules';
import { formatSize } from '../reportLogic';
import { filterOfText, filterText, listChoices, newSchedule, reportChoices, valuesOf, WEEKDAYS } from '../scheduleLogic';

const RUN_COLOURS: Record<string, string> = { sent: 'green.8', failed: 'red.8', retrying: 'orange.8', building: 'blue.8' };

/** The runs of a schedule, newest first: when due, state, rows, size, how sent, attempts, why it failed. */
function RunsTable({ runs }: { runs: ScheduleDetail['runs'] }) {
  if (!runs.length) return <Text size="xs" c="dimmed">No runs yet.</Text>;
  return (
    <Table striped fz="xs" verticalSpacing={3} horizontalSpacing={6} aria-label="Runs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Due</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Rows</Table.Th>
          <Table.Th ta="right">Size</Table.Th>
          <Table.Th>Sent as</Table.Th>
          <Table.Th ta="right">Tries</Table.Th>
          <Table.Th>Mailed to</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>File</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((r) => (
          <Table.Tr key={r.id} data-run-state={r.state}>
            <Table.Td>{showDateTime(r.tick)}{r.manual ? ' (run now)' : ''}</Table.Td>
            <Table.Td>
              <Text span fz="xs" c={RUN_COLOURS[r.state]} title={r.error ?? undefined}>
                {r.state}
                {r.error ? `: ${r.error}` : ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{r.rows ?? ''}</Table.Td>
            <Table.Td ta="right">{formatSize(r.size)}</Table.Td>
            <Table.Td>{r.delivered_as ?? ''}</Table.Td>
            <Table.Td ta="right">{r.attempts ?? 0}</Table.Td>
            <Table.Td>
              {(r.sent_to ?? []).join(', ')}
              {(r.not_reached ?? []).map((n) => (
                <Text key={n.to} span fz="xs" c="red.8" display="block">
                  not reached: {n.to} ({n.error})
                </Text>
              ))}
            </Table.Td>
            <Table.Td>{showDateTime(r.sent_at)}</Table.Td>
            <Table.Td>{r.report_id && r.state === 'sent' ? <Anchor href={`/api/reports/${r.report_id}/file/`} fz="xs">Download</Anchor> : null}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The form: list, then its report and format, the filter, the rhythm, the recipients. */
function ScheduleForm({ initial, id, version, onDone }: { initial: ScheduleValues; id: string | null; version?: number; onDone: () => void }) {
  const [v, setV] = useState<ScheduleValues>(initial);
  const [filter, setFilter] = useState(filterText(initial.filter));
  // Copied from the list as the user keeps it filtered (until typed over): said so with its words.
  const [copied, setCopied] = useState(false);
  const words = useFilterWords(v.list, filterOfText(filter));
  const [copying, setCopying] = useState(false);
  const save = useSaveSchedule();
  const message = useMessage();
  const users = useUsers();
  const hooks = useWebhooks(true);
  const set = (patch: Partial<ScheduleValues>) => setV((d) => ({ ...d, ...patch }));
  const setRhythm = (patch: Partial<Rhythm>) => setV((d) => ({ ...d, rhythm: { ...d.rhythm, ...patch } }));
  const reports = reportChoices(v.list);
  const formats = reports.find((r) => r.value === v.report)?.formats ?? ['xlsx'];
  const fields = save.error && isApiError(save.error) ? save.error.fields : {};
  const err = (name: string) => fields[name];
  const onSave = () =>
    save.mutate(
      { id, version, values: { ...v, filter: filterOfText(filter) } },
      { onSuccess: () => { message('Saved successfully!', 'success'); onDone(); }, onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') },
    );
  const copyKept = async () => {
    setCopying(true);
    try {
      const kept = await fetchKeptFilter(v.list);
      setFilter(filterText(kept.filter));
      setCopied(true);
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    } finally {
      setCopying(false);
    }
  };
  return (
    <Stack gap={8}>
      <TextInput size="xs" label="Name" required value={v.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Group gap="xs" grow>
        <Select size="xs" label="List" data={listChoices()} value={v.list} error={err('list')} allowDeselect={false} onChange={(list) => { const r = reportChoices(list ?? '')[0]; set({ list: list ?? '', report: r?.value ?? '', format: r?.formats[0] ?? 'xlsx' }); }} />
        <Select size="xs" label="Report" data={reports.map(({ value, label }) => ({ value, label }))} value={v.report} error={err('report')} allowDeselect={false} onChange={(report) => set({ report: report ?? '', format: reports.find((r) => r.value === report)?.formats[0] ?? 'xlsx' })} />
        <Select size="xs" label="Format" data={formats.map((f) => ({ value: f, label: f.toUpperCase() }))} value={v.format} error={err('format')} allowDeselect={false} onChange={(f) => set({ format: (f ?? 'xlsx') as ScheduleValues['format'] })} />
      </Group>
      <Textarea size="xs" label="Filter" description={
          <>
            The list&apos;s filters as its address takes them, one per line (priority=High). Empty: every record the list holds when it runs.
            {words && <span style={{ display: 'block' }}>{copied ? 'As you have the list filtered' : 'In words'}: {words}.</span>}
          </>
        } autosize minRows={2} value={filter} error={Object.entries(fields).find(([k]) => k.startsWith('filter'))?.[1]} onChange={(e) => { setFilter(e.currentTarget.value); setCopied(false); }} />
      <Group gap="xs">
        <Button size="xs" variant="light" loading={copying} disabled={!v.list} onClick={() => void copyKept()}>
          Use the list as I have it filtered
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SegmentedControl size="xs" aria-label="Every" value={v.rhythm.every} onChange={(every) => setRhythm({ every: every as Rhythm['every'], weekday: every === 'week' ? (v.rhythm.weekday ?? 1) : null, month_day: every === 'month' ? (v.rhythm.month_day ?? 1) : null })} data={[{ value: 'day', label: 'Daily' }, { value: 'week', label: 'Weekly' }, { value: 'month', label: 'Monthly' }]} />
        {v.rhythm.every === 'week' && <Select size="xs" w={130} aria-label="Weekday" data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))} value={String(v.rhythm.weekday ?? 1)} allowDeselect={false} onChange={(d) => setRhythm({ weekday: Number(d) })} />}
        {v.rhythm.every === 'month' && <NumberInput size="xs" w={110} aria-label="Day of the month" description="Past a short month's end: its last day" min={1} max={31} allowDecimal={false} value={v.rhythm.month_day ?? 1} error={err('rhythm.month_day')} onChange={(d) => setRhythm({ month_day: Number(d) || 1 })} />}
        <TextInput size="xs" w={90} label="At" placeholder="07:00" value={v.rhythm.at} error={err('rhythm.at')} onChange={(e) => setRhythm({ at: e.currentTarget.value })} />
        <Switch size="xs" label="Active" checked={v.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
      </Group>
      <MultiSelect size="xs" label="Users" searchable data={(users.data ?? []).filter((u) => u.active).map((u) => ({ value: String(u.id), label: `${u.display_name} <${u.email}>` }))} value={v.recipients.users} error={err('recipients.users') ?? err('recipients')} onChange={(ids) => set({ recipients: { ...v.recipients, users: ids } })} />
      <TagsInput size="xs" label="Other e-mail addresses" placeholder="Type an address, Enter" value={v.recipients.emails} error={Object.entries(fields).find(([k]) => k.startsWith('recipients.emails'))?.[1]} onChange={(emails) => set({ recipients: { ...v.recipients, emails } })} />
      <MultiSelect size="xs" label="Webhooks" description="Each gets a signed link to the file (Settings > Webhooks)" searchable data={(hooks.data ?? []).map((h) => ({ value: String(h.id), label: h.description ? `${h.description} (${h.url})` : h.url }))} value={v.recipients.webhooks} error={err('recipients.webhooks')} onChange={(webhooks) => set({ recipients: { ...v.recipients, webhooks } })} />
      <Group gap="xs">
        <Button size="xs" onClick={onSave} loading={save.isPending}>
          {id ? 'Save' : 'Create'}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** A schedule opened: its form, Run now, Delete and its runs; `id` null: a new one. */
export function ScheduleDrawer({ id, opened, onClose }: { id: string | null; opened: boolean; onClose: () => void }) {
  const detail = useSchedule(id);
  const run = useRunSchedule();
  const remove = useDeleteSchedule();
  const message = useMessage();
  const d = detail.data;
  const onDelete = async () => {
    if (!id || !(await confirmAction('Sure you want to delete this schedule? Its runs stay in its history.'))) return;
    remove.mutate(id, { onSuccess: onClose, onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={id ? (d?.name ?? 'Schedule') : 'New schedule'}>
      {id && detail.isPending && <WaitMessage />}
      {id && detail.isError && <Alert color="red">{errorText(detail.error)}</Alert>}
      {(!id || d) && (
        <Stack gap="sm">
          {d && (
            <Group gap="xs" justify="space-between">
              <Text size="xs" c="dimmed">
                {d.rhythm_words} · next run {d.next_run_at ? showDateTime(d.next_run_at) : 'none (paused)'} · by {d.owner_name}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="light" loading={run.isPending} onClick={() => run.mutate(d.id, { onSuccess: () => message('Run started: the worker builds and sends it.', 'success'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') })}>
                  Run now
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => void onDelete()} loading={remove.isPending}>
                  Delete
                </Button>
              </Group>
            </Group>
          )}
          <ScheduleForm key={d ? `${d.id}:${d.version}` : 'new'} initial={d ? valuesOf(d) : newSchedule()} id={id} version={d?.version} onDone={onClose} />
          {d && (
            <>
              <Text fw={600} size="sm">
                Runs
              </Text>
              <RunsTable runs={d.runs} />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
