import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { HistoryDrawer } from '../history/HistoryDrawer';
import type { HistoryEntry } from '../history/format';

interface Props<T extends HistoryEntry, K extends QueryKey> {
  /** The record in words, e.g. 'bid', 'project'. */
  noun: string;
  /** The record's history query (the area's api), read only while the drawer is open. */
  query: UseQueryOptions<T[], Error, T[], K>;
  fieldLabel: (field: string) => string;
  /** Open the record as it stood at an instant. */
  onAsOf: (at: string) => void;
}

/** The History button and the record's history drawer; any entry opens the record as it stood right after it. */
export function RecordHistoryButton<T extends HistoryEntry, K extends QueryKey>({ noun, query, fieldLabel, onAsOf }: Props<T, K>) {
  const [opened, setOpened] = useState(false);
  const history = useQuery({ ...query, enabled: opened });
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        History
      </Button>
      <HistoryDrawer
        opened={opened}
        onClose={() => setOpened(false)}
        title="History"
        entries={history.data}
        error={history.error}
        fieldLabel={fieldLabel}
        actions={(entry) => (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              setOpened(false);
              onAsOf(entry.at);
            }}
            title={`Show the ${noun} as it stood right after this change`}
          >
            As of this
          </Button>
        )}
      />
    </>
  );
}
