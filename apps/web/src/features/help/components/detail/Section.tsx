import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { helpSectionAnchor, type HelpSectionId } from './sections';

/** A section of the page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: HelpSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={helpSectionAnchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}
