import { createContext, useContext, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { SettingsHistoryDrawer, type HistoryTarget } from './SettingsHistoryDrawer';

const ShowHistory = createContext<(target: HistoryTarget) => void>(() => undefined);

/** One history drawer for the whole settings page; any row or section opens it. */
export function HistoryProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  return (
    <ShowHistory.Provider value={setTarget}>
      {children}
      <SettingsHistoryDrawer target={target} onClose={() => setTarget(null)} />
    </ShowHistory.Provider>
  );
}

export const useShowHistory = () => useContext(ShowHistory);

/** A 'History' button for a record's `.../history/` path. */
export function HistoryButton({ target, label = 'History' }: { target: HistoryTarget; label?: string }) {
  const show = useShowHistory();
  return (
    <Button size="compact-xs" px={6} variant="subtle" color="gray" onClick={() => show(target)} aria-label={`History of ${target.title}`}>
      {label}
    </Button>
  );
}
