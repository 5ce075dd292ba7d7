import { useState } from 'react';
import { Button } from '@mantine/core';
import type { RecordRef } from './recordRef';
import { RecordHistoryDrawer } from './RecordHistoryDrawer';

interface Props {
  /** The record in words, e.g. 'bid', 'project'. */
  noun: string;
  /** The record whose history the drawer reads, only while it is open. */
  record: RecordRef;
  fieldLabel: (field: string) => string;
  /** Open the record as it stood at an instant. */
  onAsOf: (at: string) => void;
}

/** The History button and the record's history drawer; any entry opens the record as it stood right after it. */
export function RecordHistoryButton({ noun, record, fieldLabel, onAsOf }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        History
      </Button>
      <RecordHistoryDrawer record={record} opened={opened} onClose={() => setOpened(false)} noun={noun} fieldLabel={fieldLabel} onAsOf={onAsOf} />
    </>
  );
}
