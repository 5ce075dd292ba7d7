/**
 * The selected bids' PDF bundles as one zip made in the browser (spec 1 section 2): each bundle is
 * fetched by its file URL as binary, zipped with jszip, and saved as 'Bid PDF Bundles M-D-YYYY.zip'.
 * The button follows the stages: Calculating... (preparing), Fetching... (downloading), Sending...
 * (generating the zip).
 */
import { bundleZipName } from '@trenchline/domain';
import { getBinary } from '../../lib/http';
import { todayIso } from '../../lib/dates';
import { saveBlob } from '../../lib/download';
import type { ZipEntry } from './listLogic';

export type ZipStage = 'Calculating...' | 'Fetching...' | 'Sending...';

export async function zipBundles(entries: ZipEntry[], onStage: (stage: ZipStage) => void): Promise<string> {
  onStage('Calculating...');
  // jszip is loaded only when someone downloads bundles.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  onStage('Fetching...');
  const files = await Promise.all(entries.map(async (e) => ({ name: e.name, data: await getBinary(e.url) })));
  for (const f of files) zip.file(f.name, f.data, { binary: true });
  onStage('Sending...');
  const blob = await zip.generateAsync({ type: 'blob', compression: 'STORE' });
  const name = bundleZipName('Bid', todayIso());
  saveBlob(blob, name);
  return name;
}
