/**
 * The job's crews: a crew of Settings > Crews put on the job, optionally on one of its segments.
 * A blank name says 'Please enter a Crew name' at once; a name Settings does not know is refused
 * by the API with the same words, shown as it says them.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { crews as crewCatalog, jobCrews, type Line } from '@trenchline/domain';
import { useAddLine } from '../../../../components/lines/api/addLine';
import { LinePanelSection } from '../../../../components/lines/LinePanelSection';
import { errorText, isApiError } from '../../../../lib/http';
import { useCatalog } from '../../../settings';
import { CrewNameInput, crewNames, useCrewNameEntry } from '../../../../components/record/CrewNameInput';
import { useCan } from '../../../auth';

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

export function CrewsSection({ jobId, recordKey, rows, segments, readOnly: shownReadOnly, addValues, title, withSegments = true }: Props) {
  // A job's crews are the office's: shown, not offered, to a field user (and an auditor).
  const writes = useCan()({ writeLines: jobCrews.name });
  const readOnly = shownReadOnly || !writes;
  const catalog = useCatalog(crewCatalog, false);
  const [segment, setSegment] = useState('');
  const add = useAddLine(jobCrews, jobId, recordKey);
  const names = crewNames(catalog.data);
  const crew = useCrewNameEntry(
    (name, outcome) => {
      const seg = segments.find((s) => s.id === segment);
      add.mutate(
        { ...addValues, crew_name: name, segment_ref: seg?.id ?? null, segment_number: seg ? String(seg.segment_number ?? '') || null : null },
        {
          onSuccess: () => {
            setSegment('');
            outcome.onSuccess();
          },
          onError: outcome.onError,
        },
      );
    },
    (e) => (isApiError(e) ? (e.fields.crew_name ?? errorText(e)) : errorText(e)),
  );

  const form = readOnly ? null : (
    <Group gap="xs" align="flex-start" mb={4} wrap="nowrap">
      <CrewNameInput
        w={240}
        placeholder={names.length ? 'Crew name (Settings > Crews)' : 'No crews in Settings yet'}
        names={names}
        {...crew.inputProps}
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
      <Button size="xs" variant="light" onClick={crew.submit} loading={add.isPending}>
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
