import { useState } from 'react';
import { Button } from '@mantine/core';
import type { FieldSpec } from '@trenchline/domain';
import { HistoryDrawer } from '../../../components/history/HistoryDrawer';
import { entryKey, wordsOf } from '../../../components/history/format';
import { useHistory } from '../api/recordHistory';
import type { AsOfTarget } from '../asItStood';
import { AsItStood } from './AsItStood';

/** What the history drawer is showing: a record's history path and what to call it. */
export interface HistoryTarget {
  url: string;
  /** What the record is called, e.g. 'crew North Bore'. */
  title: string;
  fields?: FieldSpec[];
  /** The record, when it can be read as it stood: each entry then offers 'As it stood then'. */
  asOf?: AsOfTarget;
}

/** 'crew_name' -> 'Crew name', unless the record's fields name it. */
const labelIn = (fields?: FieldSpec[]) => (name: string) => fields?.find((f) => f.name === name)?.label ?? wordsOf(name);

/** Who changed which field of a settings record, and when (newest first); any entry shows the record as it stood then. */
export function SettingsHistoryDrawer({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const history = useHistory(target?.url ?? null);
  /** The entry whose record-as-it-stood is open, for the record it was opened on. */
  const [stood, setStood] = useState<{ url: string; key: string } | null>(null);
  const url = target?.url ?? null;
  const openKey = stood && stood.url === url ? stood.key : null;
  const asOf = target?.asOf;
  const close = () => {
    setStood(null);
    onClose();
  };
  return (
    <HistoryDrawer
      opened={Boolean(target)}
      onClose={close}
      title={target ? `History of ${target.title}` : 'History'}
      entries={history.data}
      error={history.error}
      fieldLabel={labelIn(target?.fields)}
      actions={
        asOf &&
        ((entry) => {
          const key = entryKey(entry);
          const open = openKey === key;
          return (
            <Button
              size="compact-xs"
              variant={open ? 'light' : 'subtle'}
              color="violet"
              aria-pressed={open}
              title="Show the record as it stood right after this change"
              onClick={() => setStood(open || !url ? null : { url, key })}
            >
              As it stood then
            </Button>
          );
        })
      }
      detail={(entry) => (asOf && openKey === entryKey(entry) ? <AsItStood target={asOf} at={entry.at} onHide={() => setStood(null)} /> : null)}
    />
  );
}
