import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { orderSectionAnchor, type OrderSectionId } from './sections';

/** A section of the order page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: OrderSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={orderSectionAnchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}
