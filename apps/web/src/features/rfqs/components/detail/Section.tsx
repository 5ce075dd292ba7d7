import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { rfqSectionAnchor, type RfqSectionId } from './sections';

/** A section of the RFQ page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: RfqSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={rfqSectionAnchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}
