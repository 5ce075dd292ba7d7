/**
 * Selected records' PDF bundles as one zip made in the browser (spec 1 sections 2 and 9), for every
 * list that has them (bids, projects): each bundle is fetched by its file URL as binary, zipped with
 * jszip, and saved as '<Prefix> PDF Bundles M-D-YYYY.zip'. The button follows the stages:
 * Calculating... (preparing), Fetching... (downloading), Sending... (generating the zip).
 */
import { useState } from 'react';
import { bundleZipName } from '@trenchline/domain';
import { getBinary } from './http';
import { todayIso } from './dates';
import { saveBlob } from './download';

export type ZipStage = 'Calculating...' | 'Fetching...' | 'Sending...';

export interface ZipEntry {
  /** The name inside the zip: unique, prefixed with the record's name (or id). */
  name: string;
  url: string;
}

type BundleRef = { file?: string | null; file_name?: string | null } | null | undefined;

/**
 * The bundles to zip: selected rows that are visible (a row hidden by the filter is not acted on)
 * and have a PDF bundle, each named '<prefix> - <file name>' with unsafe characters replaced and
 * duplicates numbered. Empty means 'Please Select Rows first...'.
 */
export function zipEntriesOf<R extends { id: string; pdf_bundle?: BundleRef }>(
  visible: R[],
  selected: ReadonlySet<string>,
  prefixOf: (row: R) => string,
): ZipEntry[] {
  const used = new Set<string>();
  const out: ZipEntry[] = [];
  for (const row of visible) {
    const b = row.pdf_bundle;
    if (!selected.has(row.id) || !b?.file) continue;
    const prefix = prefixOf(row).replace(/[\\/:*?"<>|]+/g, '-');
    const base = `${prefix} - ${b.file_name || 'bundle.pdf'}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = base.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    used.add(name.toLowerCase());
    out.push({ name, url: b.file });
  }
  return out;
}

/** Fetch, zip and save; `prefix` names the zip ('Bid' -> 'Bid PDF Bundles 11-22-2026.zip'). */
export async function zipBundles(prefix: string, entries: ZipEntry[], onStage: (stage: ZipStage) => void): Promise<string> {
  onStage('Calculating...');
  // jszip is loaded only when someone downloads bundles.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  onStage('Fetching...');
  const files = await Promise.all(entries.map(async (e) => ({ name: e.name, data: await getBinary(e.url) })));
  for (const f of files) zip.file(f.name, f.data, { binary: true });
  onStage('Sending...');
  const blob = await zip.generateAsync({ type: 'blob', compression: 'STORE' });
  const name = bundleZipName(prefix, todayIso());
  saveBlob(blob, name);
  return name;
}

/**
 * A zip button's behaviour: nothing to zip says 'Please Select Rows first...'; otherwise the label
 * follows the stages and comes back. `onError` gets the failure (the caller says it its own way).
 */
export function useBundleZip(prefix: string, message: (text: string) => void, onError: (e: unknown) => void) {
  const [stage, setStage] = useState<ZipStage | null>(null);
  const run = async (entries: ZipEntry[]) => {
    if (stage) return;
    if (entries.length === 0) {
      message('Please Select Rows first...');
      return;
    }
    try {
      await zipBundles(prefix, entries, setStage);
    } catch (e) {
      onError(e);
    } finally {
      setStage(null);
    }
  };
  return { stage, run };
}
