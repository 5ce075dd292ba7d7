/**
 * The job's crews: a crew of Settings > Crews put on the job, optionally on one of its segments.
 * A blank name says 'Please enter a Crew name' at once; a name Settings does not know is refused
 * by the API with the same words, shown as it says them.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { crews as crewCatalog, jobCrews, type Line } from '@trenchline/domain';
import { addLine } from '../../../../components/lines/api/addLine';
import { LinePanelSection } from '../../../../components/lines/LinePanelSection';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useCatalog } from '../../../settings';
import { CrewNameInput } from '../../../../components/record/CrewNameInput';

export const CREW_NAME_REQUIRED = 'Please enter a Crew name';

interface Props {
  jobId: string;
  recordKey: QueryKey;
  rows: Line[];
  segments: Line[];
  readOnly?: boolean;
  /** Sent with every crew put on: a task's crews name their task ({ job_task }). */
  addValues?: Record<string, unknown>;
  /** The section's heading when it is not the job's crews (a task's). */
  title?: string;
  /** ORCA jobs have no segments: no segment picker. */
  withSegments?: boolean;
}

export function CrewsSection({ jobId, recordKey, rows, segments, readOnly, addValues, title, withSegments = true }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const catalog = useCatalog(crewCatalog, false);
  const [name, setName] = useState('');
  const [segment, setSegment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (values: Record<string, unknown>) => addLine(jobCrews, jobId, { ...addValues, ...values }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
  const names = [...new Set((catalog.data ?? []).map((c) => String(c.crew_name ?? '')).filter(Boolean))];

  const submit = () => {
    setError(null);
    if (!name.trim()) {
      setError(CREW_NAME_REQUIRED);
      message(CREW_NAME_REQUIRED, 'error');
      return;
    }
    const seg = segments.find((s) => s.id === segment);
    add.mutate(
      { crew_name: name.trim(), segment_ref: seg?.id ?? null, segment_number: seg ? String(seg.segment_number ?? '') || null : null },
      {
        onSuccess: () => {
          setName('');
          setSegment('');
          message('Crew successfully saved!', 'success');
        },
        onError: (e) => {
          const text = isApiError(e) ? (e.fields.crew_name ?? errorText(e)) : errorText(e);
          setError(text);
          message(text, 'error');
        },
      },
    );
  };

  const form = readOnly ? null : (
    <Group gap="xs" align="flex-start" mb={4} wrap="nowrap">
      <CrewNameInput
        w={240}
        placeholder={names.length ? 'Crew name (Settings > Crews)' : 'No crews in Settings yet'}
        names={names}
        value={name}
        onChange={(v) => {
          setName(v);
          setError(null);
        }}
        error={error}
        onEnter={submit}
      />
      {withSegments && (
        <NativeSelect
          size="xs"
          w={150}
          aria-label="Crew segment"
          data={[{ value: '', label: 'Any segment' }, ...segments.map((s) => ({ value: s.id, label: `Segment ${String(s.segment_number ?? s.id)}` }))]}
          value={segment}
          onChange={(e) => setSegment(e.currentTarget.value)}
        />
      )}
      <Button size="xs" variant="light" onClick={submit} loading={add.isPending}>
        Add crew
      </Button>
    </Group>
  );

  return (
    <LinePanelSection
      def={jobCrews}
      title={title ?? 'Crews'}
      rows={rows}
      parentId={jobId}
      recordKey={recordKey}
      detailKey="crews"
      savedMessage="Crew successfully saved!"
      confirmText="Sure you want to delete this?"
      readOnly={readOnly}
      canAdd={false}
      header={form}
    />
  );
}
