import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { scrollToAnchor } from '../../../lib/scroll';

/** The sections of the organization page, in the order they are laid out; the section bar lists them. */
export const SALES_SECTIONS = [
  { id: 'organization', label: 'Organization' },
  { id: 'contacts', label: 'Contacts' },
  { id: 'locations', label: 'Locations' },
  { id: 'surveys', label: 'Surveys' },
  { id: 'phonecalls', label: 'Calls' },
  { id: 'meetings', label: 'Meetings' },
  { id: 'emails', label: 'E-mails' },
  { id: 'activities', label: 'Activities' },
] as const;

export type SalesSectionId = (typeof SALES_SECTIONS)[number]['id'];

const anchor = (id: string) => `sales-${id}`;
export const scrollToSalesSection = (id: string) => scrollToAnchor(anchor(id));

/** A section of the organization page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: SalesSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={anchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}
