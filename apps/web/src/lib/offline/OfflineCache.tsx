import { useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import { keepCache, restoreCache } from './persistCache';

/** The kept cache restored before any query of `children` runs (they wait while restoring), then kept as it changes. */
export function OfflineCache({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let live = true;
    let stop = () => undefined as void;
    void restoreCache(qc).then(() => {
      if (!live) return;
      stop = keepCache(qc);
      setRestoring(false);
    });
    return () => {
      live = false;
      stop();
    };
  }, [qc]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
