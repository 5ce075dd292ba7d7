import { Button } from '@mantine/core';
import { useBundleZip, type ZipEntry } from '../../lib/bundleZip';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';

const IDLE = 'Download PDF bundles';

/**
 * Zips the selected rows' PDF bundles as '<prefix> PDF Bundles M-D-YYYY.zip' ('Bid', 'Project');
 * the label follows the stages, then comes back.
 */
export function DownloadBundlesButton({ prefix, entries }: { prefix: string; entries: ZipEntry[] }) {
  const message = useMessage();
  const { stage, run } = useBundleZip(prefix, message, (e) => message(`Problem.  ${errorText(e)}`, 'error'));
  return (
    <Button size="xs" variant="default" onClick={() => void run(entries)} data-busy={stage ? 'true' : undefined} miw={170}>
      {stage ?? IDLE}
    </Button>
  );
}
