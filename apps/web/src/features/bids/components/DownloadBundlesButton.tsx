import { useState } from 'react';
import { Button } from '@mantine/core';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { zipBundles, type ZipStage } from '../bundleZip';
import type { ZipEntry } from '../listLogic';

const IDLE = 'Download PDF bundles';

/** Zips the selected rows' PDF bundles; the label follows the stages, then comes back. */
export function DownloadBundlesButton({ entries }: { entries: ZipEntry[] }) {
  const message = useMessage();
  const [stage, setStage] = useState<ZipStage | null>(null);
  const run = async () => {
    if (stage) return;
    if (entries.length === 0) {
      message('Please Select Rows first...');
      return;
    }
    try {
      await zipBundles(entries, setStage);
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    } finally {
      setStage(null);
    }
  };
  return (
    <Button size="xs" variant="default" onClick={run} data-busy={stage ? 'true' : undefined} miw={170}>
      {stage ?? IDLE}
    </Button>
  );
}
