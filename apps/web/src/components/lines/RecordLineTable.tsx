/**
 * A record's line table (a bid's items, a project's customers, an RFQ's notes): the collection's
 * EditableTable under its record, started afresh on another record's page, with the record's lines
 * (none yet: an empty table). Its record is `linesOf(...)`, which the record's other line sections
 * (PdfBundleSection, LinePanelSection, LineForm) take as they are, so a section names only its collection.
 */
import type { ComponentProps } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { EditableTable } from './EditableTable';

/** The record the lines belong to: its id, its query key (read again after a line's write), and read-only in an as-of view. */
export interface LinesOf {
  parentId: string;
  recordKey: QueryKey;
  readOnly?: boolean;
}

export const linesOf = (parentId: string, recordKey: QueryKey, readOnly?: boolean): LinesOf => ({ parentId, recordKey, readOnly });

type Props = Omit<ComponentProps<typeof EditableTable>, 'rows'> & { rows: Line[] | null | undefined };

export function RecordLineTable({ rows, ...props }: Props) {
  return <EditableTable key={`${props.def.name}-${props.parentId}`} {...props} rows={rows ?? []} />;
}
