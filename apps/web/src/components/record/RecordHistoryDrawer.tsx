import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { HistoryDrawer } from '../history/HistoryDrawer';
import { entryKey } from '../history/format';
import { AsItStood, type StoodView } from './AsItStood';
import { recordHistoryQuery, type RecordRef } from './recordRef';

export interface RecordHistoryDrawerProps<T> {
  /** The record whose history is shown; none: the drawer is closed. */
  record: RecordRef | null;
  opened: boolean;
  onClose: () => void;
  /** The drawer's title, which also names it for screen readers. */
  title?: string;
  /** The record in words in the buttons' hover text, e.g. 'bid', 'do-routine'. */
  noun?: string;
  /** What a changed field is called (its words by default). */
  fieldLabel?: (field: string) => string;
  /** Record pages: each entry's 'As of this' opens the page as the record stood right after it. */
  onAsOf?: (at: string) => void;
  /** Each entry's 'As it stood then' shows the record as it stood right after it, under the entry. */
  view?: StoodView<T>;
}

/**
 * Who changed what and when on any record, its lines included (newest first), read only while open;
 * each entry leads to the record as it stood right after it.
 */
export function RecordHistoryDrawer<T>({ record, opened, onClose, title = 'History', noun = 'record', fieldLabel, onAsOf, view }: RecordHistoryDrawerProps<T>) {
  const history = useQuery({ ...recordHistoryQuery(record ?? NO_RECORD), enabled: opened && record !== null });
  /** The entry whose record-as-it-stood is open, for the record it was opened on. */
  const [stood, setStood] = useState<{ path: string; key: string } | null>(null);
  const openKey = record && stood?.path === record.historyPath ? stood.key : null;
  const hint = `Show the ${noun} as it stood right after this change`;
  const close = () => {
    setStood(null);
    onClose();
  };
  return (
    <HistoryDrawer
      opened={opened}
      onClose={close}
      title={title}
      entries={history.data}
      error={history.error}
      fieldLabel={fieldLabel}
      actions={(entry) => {
        if (onAsOf)
          return (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                close();
                onAsOf(entry.at);
              }}
              title={hint}
            >
              As of this
            </Button>
          );
        if (!view || !record) return null;
        const key = entryKey(entry);
        const open = openKey === key;
        return (
          <Button
            size="compact-xs"
            variant={open ? 'light' : 'subtle'}
            color="violet"
            aria-pressed={open}
            title={hint}
            onClick={() => setStood(open ? null : { path: record.historyPath, key })}
          >
            As it stood then
          </Button>
        );
      }}
      detail={(entry) => (view && record && openKey === entryKey(entry) ? <AsItStood record={record} view={view} at={entry.at} onHide={() => setStood(null)} /> : null)}
    />
  );
}

/** Stands in while no record is chosen; never read (the query is disabled). */
const NO_RECORD: RecordRef = { path: '', historyPath: '', historyKey: ['history', 'none'], asOfKey: ['as_of', 'none'] };
