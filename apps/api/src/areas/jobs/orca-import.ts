/**
 * The ORCA CSV import (contract section 5, docs/jobs.md "ORCA CSV import"): the template, a preview
 * that names every bad cell and counts what the file holds, and the import, which stores the file and
 * asks for a bulk operation (action 'import' on list 'orca_jobs') that the worker runs
 * (apps/worker/src/bulk/import.ts). The file is read here only to refuse a bad one before anything is written.
 */
import { Readable } from 'node:stream';
import multer from 'multer';
import { IMPORT_LIST, importBeyondLimits, isStorableText, ORCA_IMPORT_LIMITS, ORCA_IMPORT_TEMPLATE, ORCA_IMPORT_TEMPLATE_NAME, orcaFileSteps, UNSTORABLE_TEXT, type OrcaImportFile } from '@trenchline/domain';
import { orcaJobsNumbered } from '@trenchline/read-model';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { reply, type RouteDef, type RouteRequest } from '../../platform/routes.ts';
import { requestBulkOperation } from '../bulk/routes.ts';
import { counterId } from '../../platform/counters.ts';
import { encodingOf } from '../../platform/text-upload.ts';
import { runSteps } from '../../platform/steps.ts';

/** An import file is at most 5 MB (some 50,000 rows): read whole, in memory, before anything is written. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Bad cells answered at most: a wrong file could have one per cell. */
const MAX_ERRORS_SHOWN = 1000;

const tooLarge = () => new HttpError(413, 'too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, { fields: { file: `must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB` } });
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } }).single('file');

/** A text/csv (or text/plain) body, read up to the limit. */
async function bodyBytes(req: RouteRequest['raw']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMPORT_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The uploaded file: multipart field `file` (read here with the import's own limit), or a text/csv body. */
async function csvFile(req: RouteRequest): Promise<{ bytes: Buffer; file_name: string }> {
  const type = req.raw.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    await new Promise<void>((ok, fail) => upload(req.raw, req.res, (e?: unknown) => (e ? fail((e as { code?: string }).code === 'LIMIT_FILE_SIZE' ? tooLarge() : e) : ok())));
    const file = (req.raw as typeof req.raw & { file?: RouteRequest['file'] }).file;
    if (!file) throw badRequest({ file: 'a CSV file is required' });
    if (!isStorableText(file.originalname)) throw badRequest({ file: UNSTORABLE_TEXT });
    return { bytes: file.buffer, file_name: file.originalname || 'import.csv' };
  }
  if (/^text\/(csv|plain)/i.test(type)) return { bytes: await bodyBytes(req.raw), file_name: 'import.csv' };
  throw badRequest({ file: 'a CSV file is required (multipart field file, or a text/csv body)' });
}

/** What a file would do: the contract's preview answer. */
async function previewOf(ctx: ApiContext, actor: Actor, file_name: string, parsed: OrcaImportFile & { encoding: string }) {
  const existing = await orcaJobsNumbered(ctx.db, actor.accountId, parsed.jobs.map((j) => j.job_number));
  const count = (f: (j: OrcaImportFile['jobs'][number]) => number) => parsed.jobs.reduce((n, j) => n + f(j), 0);
  return {
    file_name,
    encoding: parsed.encoding,
    rows: parsed.rows,
    jobs: parsed.jobs.length,
    tasks: count((j) => j.tasks.length),
    cibe_lines: count((j) => j.cibe_lines.length),
    new_jobs: count((j) => (existing.has(j.job_number) ? 0 : 1)),
    existing_jobs: count((j) => (existing.has(j.job_number) ? 1 : 0)),
    errors: parsed.errors.slice(0, MAX_ERRORS_SHOWN),
    error_count: parsed.errors.length,
    ok: parsed.errors.length === 0,
  };
}

/** The file read and parsed; a file beyond the import's limits is a 400 naming `file` before anything else. */
const parseUpload = async (req: RouteRequest) => {
  const { bytes, file_name } = await csvFile(req);
  // In steps: the other accounts' requests are served while a large file is parsed.
  const parsed = await runSteps(orcaFileSteps(bytes, encodingOf(req)));
  const beyond = importBeyondLimits(parsed);
  if (beyond) throw new HttpError(400, 'too_large', `The file ${beyond}.`, { fields: { file: beyond }, limits: ORCA_IMPORT_LIMITS });
  return { bytes, file_name, parsed };
};

export const orcaImportRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/jobs/orcas/import/template',
    summary: "The ORCA import template: 'ORCA import template.csv', the header and three example rows",
    handle: async () =>
      reply({ file: { stream: Readable.from([Buffer.from(ORCA_IMPORT_TEMPLATE, 'utf8')]), contentType: 'text/csv', name: ORCA_IMPORT_TEMPLATE_NAME, size: Buffer.byteLength(ORCA_IMPORT_TEMPLATE) } }),
  },
  {
    method: 'post',
    path: '/jobs/orcas/import/preview',
    summary: 'What an ORCA CSV import would do (multipart file, or a text/csv body; at most 5 MB): {file_name, rows, jobs, tasks, cibe_lines, new_jobs, existing_jobs, errors: [{line, column, value, message}], ok}. Writes nothing',
    handle: async (req, ctx) => {
      const { file_name, parsed } = await parseUpload(req);
      return previewOf(ctx, req.actor, file_name, parsed);
    },
  },
  {
    method: 'post',
    path: '/jobs/orcas/import',
    summary: 'Import ORCA jobs, tasks and CIBE lines from CSV (as preview): 400 {errors} when any cell is bad, nothing written; else 202 with the bulk operation (action import) the worker runs',
    handle: async (req, ctx) => {
      const { bytes, file_name, parsed } = await parseUpload(req);
      if (parsed.errors.length) {
        const preview = await previewOf(ctx, req.actor, file_name, parsed);
        const n = parsed.errors.length;
        throw new HttpError(400, 'invalid', `The file has ${n} bad cell${n === 1 ? '' : 's'}: nothing was imported.`, { fields: { file: `has ${n} bad cell${n === 1 ? '' : 's'}` }, errors: preview.errors, error_count: n });
      }
      const stored = await ctx.blobs.put(bytes);
      // Opened now if the account has none yet, so the worker finds the job counter to number new jobs.
      await counterId(ctx, req.actor, 'job');
      return requestBulkOperation(ctx, req.actor, { list: IMPORT_LIST, action: 'import', report: null, format: null, selection: { file: { ...stored, file_name, encoding: parsed.encoding } } });
    },
  },
];
