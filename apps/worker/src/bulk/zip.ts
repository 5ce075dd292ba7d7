/**
 * The PDF bundles of the stored records in one zip (the web zipped them in the browser before): read
 * each record's bundle from the list row and its line, add the blob under the name the web gives it,
 * store the zip as a blob. Idempotent: a retried job builds the same bytes (content-addressed) again.
 */
import JSZip from 'jszip';
import { aggregateDef, BULK_LISTS, bulkZipName, ZIP_LABELS, zipEntryNamer, type BulkFile, type BulkListName } from '@trenchline/domain';
import type { Readable } from 'node:stream';
import type { WorkerContext } from '../context.ts';
import type { BulkProgressReporter } from './progress.ts';

const CHUNK = 500;

const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

type Bundle = { id: string; file_name?: string | null } | null;

export async function zipBundles(ctx: WorkerContext, o: { operationId: string; accountId: string; list: BulkListName; ids: string[]; today: string; progress: BulkProgressReporter }): Promise<{ file: BulkFile | null; message: string | null }> {
  const list = BULK_LISTS[o.list];
  const table = aggregateDef(list.aggregate).list!;
  const zip = new JSZip();
  const nameOf = zipEntryNamer();
  let zipped = 0;
  // Entries dated the day of the zip, not the instant: a retry the same day stores the same bytes.
  const dated = new Date(`${o.today}T00:00:00Z`);
  await o.progress.set({ label: ZIP_LABELS.fetching, done: 0, failed: 0 }, { flush: true });
  for (let i = 0; i < o.ids.length; i += CHUNK) {
    const chunk = o.ids.slice(i, i + CHUNK);
    const rows = await ctx.db(table).where({ account_id: o.accountId, deleted: false }).whereIn('id', chunk).select<{ id: string; view: Record<string, unknown> }[]>('id', 'view');
    const byId = new Map(rows.map((r) => [String(r.id), r.view]));
    const bundleIds = rows.map((r) => (r.view.pdf_bundle as Bundle)?.id).filter((x): x is string => Boolean(x)).map(String);
    const lines = bundleIds.length ? await ctx.db('collection_lines').where({ account_id: o.accountId, removed: false }).whereIn('id', bundleIds).select<{ id: string; line: Record<string, unknown> }[]>('id', 'line') : [];
    const lineById = new Map(lines.map((l) => [String(l.id), l.line]));
    for (const id of chunk) {
      const view = byId.get(id);
      const bundle = view?.pdf_bundle as Bundle;
      const line = bundle ? lineById.get(String(bundle.id)) : undefined;
      const stream = line?.sha256 ? await ctx.blobs.get(String(line.sha256)) : null;
      if (!view || !stream) {
        await o.progress.count('failed');
        continue;
      }
      zip.file(nameOf(list.entryPrefix(view), String(line!.file_name ?? bundle!.file_name ?? '') || null), await bytesOf(stream), { binary: true, date: dated });
      zipped += 1;
      await o.progress.count('done');
    }
  }
  if (!zipped) return { file: null, message: 'None of the records has a PDF bundle.' };
  await o.progress.set({ label: ZIP_LABELS.sending }, { flush: true });
  // Stored as is: PDFs are compressed already.
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  const stored = await ctx.blobs.put(bytes);
  return { file: { url: `/api/bulk/${o.operationId}/file/`, file_name: bulkZipName(o.list, o.today), sha256: stored.sha256, size: stored.size }, message: null };
}
