import { useEffect, useRef } from 'react';
import { Anchor, Box, Table, Text } from '@mantine/core';
import { showDateTime } from '../../../lib/dates';
import type { ReportProgress } from '../../../lib/realtime';
import type { ReportRow } from '../api/types';
import { formatSize } from '../reportLogic';
import { ReportStateCell } from './ReportStateCell';

interface Props {
  rows: ReportRow[];
  progress: Record<string, ReportProgress>;
  /** Show who asked for each report (the whole account's list). */
  showRequester: boolean;
  highlightId: string | null;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The dense list of reports, newest first; a ready one links its file. */
export function ReportsTable({ rows, progress, showRequester, highlightId }: Props) {
  const highlighted = useRef<HTMLTableRowElement>(null);
  const scrolledTo = useRef<string | null>(null);
  // Scroll the report the URL points at into view once, when its row first appears.
  const present = rows.some((r) => String(r.id) === highlightId);
  useEffect(() => {
    if (!highlightId || !present || scrolledTo.current === highlightId) return;
    scrolledTo.current = highlightId;
    highlighted.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlightId, present]);

  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 220px)' }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Report</Table.Th>
            <Table.Th>Format</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Requested</Table.Th>
            {showRequester && <Table.Th>Requested by</Table.Th>}
            <Table.Th>Generated</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>File</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const isHighlighted = String(r.id) === highlightId;
            return (
              <Table.Tr
                key={r.id}
                ref={isHighlighted ? highlighted : undefined}
                data-report-id={r.id}
                data-highlighted={isHighlighted || undefined}
                bg={isHighlighted ? 'yellow.1' : undefined}
              >
                <Table.Td>
                  <Text span fz="xs" fw={isHighlighted ? 700 : 500}>
                    {r.label}
                  </Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>{String(r.format ?? '').toUpperCase()}</Table.Td>
                <Table.Td>
                  <ReportStateCell row={r} progress={progress[String(r.id)]} />
                </Table.Td>
                <Table.Td style={NOWRAP}>{showDateTime(r.requested_at)}</Table.Td>
                {showRequester && <Table.Td style={NOWRAP}>{r.requested_by_name ?? ''}</Table.Td>}
                <Table.Td style={NOWRAP}>{showDateTime(r.generated_at)}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatSize(r.size)}
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  {r.state === 'ready' && r.file ? (
                    <Anchor href={r.file} download={r.file_name ?? true} fz="xs" title={r.file_name ?? undefined}>
                      Download
                    </Anchor>
                  ) : r.state === 'failed' ? (
                    <Text fz="xs" c="red.8" maw={260} truncate="end" title={r.error ?? undefined}>
                      {r.error || 'Failed'}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
