import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { scrollToAnchor } from '../../lib/scroll';

/** A section of a record page, with the anchor (`anchor(id)`) the section bar scrolls to. */
export function Section({ id, anchor, children }: { id: string; anchor: (id: string) => string; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={anchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}

/**
 * A record page's sections, from its anchor prefix ('order' gives #order-items): the anchor, the
 * jump the section bar makes, and the page's `Section` taking only the ids it declares.
 */
export function recordSections<Id extends string>(prefix: string, scrollTo: (anchor: string, id: string) => void = (anchor) => scrollToAnchor(anchor)) {
  const anchor = (id: string) => `${prefix}-${id}`;
  return {
    anchor,
    scrollTo: (id: string) => scrollTo(anchor(id), id),
    Section: ({ id, children }: { id: Id; children: ReactNode }) => (
      <Section id={id} anchor={anchor}>
        {children}
      </Section>
    ),
  };
}
