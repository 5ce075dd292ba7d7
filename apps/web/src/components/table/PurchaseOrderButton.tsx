import { Button } from '@mantine/core';
import { useListAsOf } from './listAsOf';
import { useCan } from '../../features/auth';

/**
 * A list row's PO cell: its number (bold), or 'Add PO' dimmed while it has none; a click edits it
 * without opening the row. The same button on every list with a PO column (jobs, projects).
 */
export function PurchaseOrderButton({ area, number, onClick, label }: { area: string; number: string | null | undefined; onClick: () => void; label: string }) {
  const writes = useCan()({ writeRecords: area });
  // A list shown as it stood is read-only, and so are records the role does not write (a field user's jobs): the number alone.
  if (useListAsOf().asOf || !writes) return <span style={{ fontWeight: 600 }}>{number ?? ''}</span>;
  return (
    <Button
      size="compact-xs"
      variant={number ? 'subtle' : 'transparent'}
      // The row's own colour (a job's colour tag) shows behind it: the number is in the text colour, underlined as a control.
      c={number ? 'var(--mantine-color-text)' : 'dimmed'}
      td={number ? 'underline dotted' : undefined}
      px={4}
      fw={number ? 600 : 400}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      // The name starts with what the button shows (axe: label-content-name-mismatch), then says whose PO it is.
      aria-label={`${number || 'Add PO'}, ${label}`}
    >
      {number || 'Add PO'}
    </Button>
  );
}
