import { Button } from '@mantine/core';

/**
 * A list row's PO cell: its number (bold), or 'Add PO' dimmed while it has none; a click edits it
 * without opening the row. The same button on every list with a PO column (jobs, projects).
 */
export function PurchaseOrderButton({ number, onClick, label }: { number: string | null | undefined; onClick: () => void; label: string }) {
  return (
    <Button
      size="compact-xs"
      variant={number ? 'subtle' : 'transparent'}
      c={number ? undefined : 'dimmed'}
      px={4}
      fw={number ? 600 : 400}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      aria-label={label}
    >
      {number || 'Add PO'}
    </Button>
  );
}
