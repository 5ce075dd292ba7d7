import { useState } from 'react';
import { Button } from '@mantine/core';
import { HistoryDrawer } from '../../../components/history/HistoryDrawer';
import { entryKey } from '../../../components/history/format';
import { useRecordHistory, type RecordKind } from '../api/recordHistory';
import { AsItStood } from './AsItStood';

/**
 * Who changed what and when on a routine or do-routine, sets, tasks and ticks included; any entry
 * shows the record as it stood right after it (fields, sets and tasks, read-only).
 */
export function RecordHistory({ kind, id, opened, onClose }: { kind: RecordKind; id: string; opened: boolean; onClose: () => void }) {
  const history = useRecordHistory(kind, id, opened);
  /** The entry whose record-as-it-stood is open. */
  const [openKey, setOpenKey] = useState<string | null>(null);
  const close = () => {
    setOpenKey(null);
    onClose();
  };
  return (
    <HistoryDrawer
      opened={opened}
      onClose={close}
      title="History"
      entries={history.data}
      error={history.error}
      actions={(entry) => {
        const key = entryKey(entry);
        const open = openKey === key;
        return (
          <Button
            size="compact-xs"
            variant={open ? 'light' : 'subtle'}
            color="violet"
            aria-pressed={open}
            title={`Show the ${kind === 'routine' ? 'routine' : 'do-routine'} as it stood right after this change`}
            onClick={() => setOpenKey(open ? null : key)}
          >
            As it stood then
          </Button>
        );
      }}
      detail={(entry) => (openKey === entryKey(entry) ? <AsItStood kind={kind} id={id} at={entry.at} onHide={() => setOpenKey(null)} /> : null)}
    />
  );
}
