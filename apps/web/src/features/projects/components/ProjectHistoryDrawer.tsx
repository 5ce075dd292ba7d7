import { Button } from '@mantine/core';
import { HistoryDrawer } from '../../../components/history/HistoryDrawer';
import { useProjectHistory } from '../api/projectHistory';
import { fieldLabel } from '../fields';

/** The project's history in the shared drawer; any entry opens the project as it stood right after it. */
export function ProjectHistoryDrawer({ projectId, opened, onClose, onAsOf }: { projectId: string; opened: boolean; onClose: () => void; onAsOf: (at: string) => void }) {
  const history = useProjectHistory(projectId, opened);
  return (
    <HistoryDrawer
      opened={opened}
      onClose={onClose}
      title="History"
      entries={history.data}
      error={history.error}
      fieldLabel={fieldLabel}
      actions={(entry) => (
        <Button size="compact-xs" variant="subtle" onClick={() => onAsOf(entry.at)} title="Show the project as it stood right after this change">
          As of this
        </Button>
      )}
    />
  );
}
