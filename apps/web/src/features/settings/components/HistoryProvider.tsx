import { createContext, useContext, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { FieldSpec } from '@trenchline/domain';
import { wordsOf } from '../../../components/history/format';
import { RecordHistoryDrawer } from '../../../components/record/RecordHistoryDrawer';
import type { HistoryTarget } from '../historyTargets';

const ShowHistory = createContext<(target: HistoryTarget) => void>(() => undefined);

/** 'crew_name' -> 'Crew name', unless the record's fields name it. */
const labelIn = (fields?: FieldSpec[]) => (name: string) => fields?.find((f) => f.name === name)?.label ?? wordsOf(name);

/** One history drawer for the whole settings page; any row or section opens it. */
export function HistoryProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  return (
    <ShowHistory.Provider value={setTarget}>
      {children}
      <RecordHistoryDrawer
        record={target?.record ?? null}
        opened={Boolean(target)}
        onClose={() => setTarget(null)}
        title={target ? `History of ${target.title}` : 'History'}
        fieldLabel={labelIn(target?.fields)}
        view={target?.view}
      />
    </ShowHistory.Provider>
  );
}

export const useShowHistory = () => useContext(ShowHistory);

/** A 'History' button for a settings record. */
export function HistoryButton({ target, label = 'History' }: { target: HistoryTarget; label?: string }) {
  const show = useShowHistory();
  return (
    <Button size="compact-xs" px={6} variant="subtle" color="gray" onClick={() => show(target)} aria-label={`History of ${target.title}`}>
      {label}
    </Button>
  );
}
