/**
 * The PDF bundles of the stored records in one zip (the web zipped them in the browser before): read
 * each record's bundle from the list row and its line, add the blob under the name the web gives it,
 * store the zip as a blob. A list whose zip is of photos (tickets) zips each record's photos instead
 * (zipPhotos). Idempotent: a retried job builds the same bytes (content-addressed) again.
 */
import JSZip from 'jszip';
import { aggregateDef, bulkList, bulkZipName, collectionsOf, NOTHING_TO_ZIP, ticketPhotoZipName, ZIP_LABELS, zipEntryNamer, type BulkFile, type BulkListName } from '@trenchline/domain';
import type { Readable } from 'node:stream';
import type { WorkerContext } from '../context.ts';
import type { BulkProgressReporter } from './progress.ts';
import { whereAny } from '@trenchline/platform';

const CHUNK = 500;
/** The extension of a photo named by its id. */
const PICTURE_EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp' };

const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

type Bundle = { id: string; file_name?: string | null } | null;
type ZipRequest = { operationId: string; accountId: string; list: BulkListName; ids: string[]; today: string; progress: BulkProgressReporter };
type Zipped = { file: BulkFile | null; message: string | null };

export async function zipBundles(ctx: WorkerContext, o: ZipRequest): Promise<Zipped> {
  const list = bulkList(o.list);
  if ('zipOf' in list && list.zipOf === 'photos') return zipPhotos(ctx, o);
  const table = aggregateDef(list.aggregate).list!;
  const zip = new JSZip();
  const nameOf = zipEntryNamer();
  let zipped = 0;
  // Entries dated the day of the zip, not the instant: a retry the same day stores the same bytes.
  const dated = new Date(`${o.today}T00:00:00Z`);
  await o.progress.set({ label: ZIP_LABELS.fetching, done: 0, failed: 0 }, { flush: true });
  for (let i = 0; i < o.ids.length; i += CHUNK) {
    const chunk = o.ids.slice(i, i + CHUNK);
    const rows = await whereAny(ctx.db(table).where({ account_id: o.accountId, deleted: false }), 'id', chunk).select<{ id: string; view: Record<string, unknown> }[]>('id', 'view');
    const byId = new Map(rows.map((r) => [String(r.id), r.view]));
    const bundleIds = rows.map((r) => (r.view.pdf_bundle as Bundle)?.id).filter((x): x is string => Boolean(x)).map(String);
    const lines = bundleIds.length ? await whereAny(ctx.db('collection_lines').where({ account_id: o.accountId, removed: false }), 'id', bundleIds).select<{ id: string; line: Record<string, unknown> }[]>('id', 'line') : [];
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
      // A flat, safe name, none twice (docs/security.md "File names"): a '../' in a file's name makes no folder.
      zip.file(nameOf(list.entryPrefix(view), String(line!.file_name ?? bundle!.file_name ?? '') || null), await bytesOf(stream), { binary: true, date: dated });
      zipped += 1;
      await o.progress.count('done');
    }
  }
  if (!zipped) return { file: null, message: NOTHING_TO_ZIP };
  await o.progress.set({ label: ZIP_LABELS.sending }, { flush: true });
  // Stored as is: PDFs are compressed already.
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  const stored = await ctx.blobs.put(bytes);
  return { file: { url: `/api/bulk/${o.operationId}/file/`, file_name: bulkZipName(bulkList(o.list), o.today), sha256: stored.sha256, size: stored.size }, message: null };
}

/**
 * The records' photos in one zip (field tickets: the ticket's, its production lines' and its damage
 * reports'; every photo collection of the list's aggregate), each named '<ticket #> - <file name>'. One
 * record selected: '{number} Photos M-D-YYYY.zip'; several: 'Ticket Photos M-D-YYYY.zip'. A record with
 * no photo counts as failed; none with one ends with no file and the spec's 'Please upload a file first...'.
 */
async function zipPhotos(ctx: WorkerContext, o: ZipRequest): Promise<Zipped> {
  const list = bulkList(o.list);
  const table = aggregateDef(list.aggregate).list!;
  const photoCollections = collectionsOf(list.aggregate).filter((c) => c.photos).map((c) => c.name);
  const zip = new JSZip();
  const nameOf = zipEntryNamer();
  const dated = new Date(`${o.today}T00:00:00Z`);
  let zipped = 0;
  let oneNumber: unknown = null;
  await o.progress.set({ label: ZIP_LABELS.fetching, done: 0, failed: 0 }, { flush: true });
  for (let i = 0; i < o.ids.length; i += CHUNK) {
    const chunk = o.ids.slice(i, i + CHUNK);
    const rows = await whereAny(ctx.db(table).where({ account_id: o.accountId, deleted: false }), 'id', chunk).select<{ id: string; view: Record<string, unknown> }[]>('id', 'view');
    const byId = new Map(rows.map((r) => [String(r.id), r.view]));
    const photos = rows.length
      ? await whereAny(whereAny(ctx.db('collection_lines').where({ account_id: o.accountId, removed: false }), 'collection', photoCollections, 'text'), 'parent_id', rows.map((r) => r.id)).orderBy('id').select<{ id: string; parent_id: string; line: Record<string, unknown> }[]>('id', 'parent_id', 'line')
      : [];
    const photosOf = new Map<string, Record<string, unknown>[]>();
    for (const p of photos) if (p.line.sha256) photosOf.set(String(p.parent_id), [...(photosOf.get(String(p.parent_id)) ?? []), p.line]);
    for (const id of chunk) {
      const view = byId.get(id);
      if (view && o.ids.length === 1) oneNumber = view.account_ticket_number;
      let added = 0;
      for (const photo of view ? (photosOf.get(id) ?? []) : []) {
        const stream = await ctx.blobs.get(String(photo.sha256));
        if (!stream) continue;
        // A flat, safe name, none twice; a photo with no usable name is 'photo <id>.<its type>'.
        zip.file(nameOf(list.entryPrefix(view!), String(photo.file_name ?? ''), `photo ${String(photo.id)}${PICTURE_EXTENSIONS[String(photo.content_type)] ?? ''}`), await bytesOf(stream), { binary: true, date: dated });
        added += 1;
      }
      zipped += added;
      await o.progress.count(added ? 'done' : 'failed');
    }
  }
  if (!zipped) return { file: null, message: NOTHING_TO_ZIP };
  await o.progress.set({ label: ZIP_LABELS.sending }, { flush: true });
  // Stored as is: photos are compressed already.
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  const stored = await ctx.blobs.put(bytes);
  const fileName = `${ticketPhotoZipName(o.ids.length === 1 ? oneNumber : null, o.today)}.zip`;
  return { file: { url: `/api/bulk/${o.operationId}/file/`, file_name: fileName, sha256: stored.sha256, size: stored.size }, message: null };
}
