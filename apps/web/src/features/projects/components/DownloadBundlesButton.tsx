import { Button } from '@mantine/core';
import { useBundleZip, type ZipEntry } from '../../../lib/bundleZip';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';

const IDLE = 'Download PDF bundles';

/** Zips the selected projects' PDF bundles as 'Project PDF Bundles M-D-YYYY.zip'; the label follows the stages. */
export function DownloadBundlesButton({ entries }: { entries: ZipEntry[] }) {
  const message = useMessage();
  const { stage, run } = useBundleZip('Project', message, (e) => message(`Problem.  ${errorText(e)}`, 'error'));
  return (
    <Button size="xs" variant="default" onClick={() => void run(entries)} data-busy={stage ? 'true' : undefined} miw={170}>
      {stage ?? IDLE}
    </Button>
  );
}
