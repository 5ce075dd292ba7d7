import { HistoryDrawer } from '../../../components/history/HistoryDrawer';
import { useRecordHistory, type RecordKind } from '../api/recordHistory';

/** Who changed what and when on a routine or do-routine, sets, tasks and ticks included. */
export function RecordHistory({ kind, id, opened, onClose }: { kind: RecordKind; id: string; opened: boolean; onClose: () => void }) {
  const history = useRecordHistory(kind, id, opened);
  return <HistoryDrawer opened={opened} onClose={onClose} title="History" entries={history.data} error={history.error} />;
}
