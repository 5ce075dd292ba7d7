/**
 * The ORCA CSV import (contract section 5): one row per CIBE line, its job's and task's columns
 * repeated on each row. `parseOrcaCsv` reads a file into jobs with their tasks and CIBE lines and
 * names every bad cell (line and column); `decideOrcaImport` (ImportOrcaJob) creates the job or adds
 * to it only what it lacks, through the job's own CreateJob and AddLine decisions, so every ORCA rule
 * applies and the same import twice adds nothing. Pure: the API and the worker do the reading and ids.
 */
import type { z } from 'zod';
import { DomainError, type DomainEvent } from '../shared/decider.ts';
import type { Line, LineCommand } from '../shared/collections.ts';
import { requireRecord, type RecordState } from '../shared/record-decider.ts';
import { jobFields, type ImportOrcaJob, type JobCommand, type JobFields } from './commands.ts';
import { jobCibeItems } from './cibe.ts';
import { ORCA_FORM_TYPE } from './rules.ts';
import { jobTasks, taskIdText, taskOfLine } from './tasks.ts';
import { decodeText, type TextEncodingChoice, type TextEncodingRead } from '../shared/text-files.ts';

// ---- CSV (RFC 4180) -----------------------------------------------------------------------------

/** One record of a CSV file and the line it starts on (a quoted value may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * A CSV text's records (RFC 4180: quoted values with doubled quotes and line breaks, CRLF, LF or CR
 * line ends, a leading BOM dropped). A quote inside an unquoted value is kept as text, as spreadsheets
 * write it. An unclosed quote is an error naming the line its value starts on.
 */
export function readCsv(text: string): { records: CsvRecord[]; error: { line: number; message: string } | null } {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < s.length) {
    const ch = s[i];
    if (ch === '"' && cell === '') {
      // A quoted value: up to the quote that is not doubled.
      const startLine = line;
      i++;
      let closed = false;
      let start = i;
      while (i < s.length) {
        const c = s[i];
        if (c === '"') {
          cell += s.slice(start, i);
          if (s[i + 1] === '"') {
            cell += '"';
            i += 2;
            start = i;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        if (c === '\n' || (c === '\r' && s[i + 1] !== '\n')) line++;
        i++;
      }
      if (!closed) return { records, error: { line: startLine, message: 'has a quoted value that is never closed' } };
      // Text after the closing quote (`"a"b`) is kept, as spreadsheets read it.
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && s[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    cell += ch;
    i++;
  }
  // A last record without a line end; a file ending in a line end has no empty record after it.
  if (cell !== '' || cells.length) endRecord();
  return { records, error: null };
}

/** A CSV value: quoted when it holds a comma, quote or line break. */
const csvValue = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const csvLine = (values: readonly string[]) => values.map(csvValue).join(',');

// ---- the columns --------------------------------------------------------------------------------

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
/** What a column fills: the job, the row's task, or the row's CIBE line. */
export type OrcaImportTarget = 'job' | 'task' | 'cibe_line';

export interface OrcaImportColumn {
  /** The header, as the template writes it (matched case-blind). */
  header: string;
  fills: OrcaImportTarget;
  /** The field of the job, task or CIBE line it sets. */
  field: string;
  /** What the docs' column table says of it. */
  note: string;
  /** A cell's text (trimmed, not blank) as the field's value, by the field's own parser. */
  parse(raw: string): Parsed;
}

const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? 'is not valid';
const bySchema = (schema: z.ZodType, prepare: (raw: string) => unknown = (v) => v) => (raw: string): Parsed => {
  const r = schema.safeParse(prepare(raw));
  return r.success ? { ok: true, value: r.data } : { ok: false, message: firstIssue(r.error) };
};

/** 'M/D/YYYY' (as spreadsheets write dates) as 'YYYY-MM-DD'; anything else is left to the date parser. */
export function isoDateOf(raw: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  return m ? `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}` : raw.trim();
}

/** '$1,234.50' as 1234.5: money and quantities may carry a dollar sign and thousands commas. */
export function numberOf(raw: string): number | string {
  const t = raw.trim().replace(/^\$/, '').replace(/^-\$/, '-').replace(/,(?=\d{3}(\D|$))/g, '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : raw;
}

const jobShape = jobFields.shape as Record<string, z.ZodType>;
const taskShape = jobTasks.schema.shape as Record<string, z.ZodType>;
const cibeShape = jobCibeItems.schema.shape as Record<string, z.ZodType>;

const textOf = (fills: OrcaImportTarget, field: string, shape: Record<string, z.ZodType>, note: string, header = field): OrcaImportColumn => ({ header, fills, field, note, parse: bySchema(shape[field]) });
const dateOf = (fills: OrcaImportTarget, field: string, shape: Record<string, z.ZodType>, note: string, header = field): OrcaImportColumn => ({ header, fills, field, note, parse: bySchema(shape[field], isoDateOf) });
const numeric = (fills: OrcaImportTarget, field: string, shape: Record<string, z.ZodType>, note: string, header = field): OrcaImportColumn => ({
  header,
  fills,
  field,
  note,
  parse: (raw) => {
    const n = numberOf(raw);
    return typeof n === 'number' ? bySchema(shape[field])(String(n)) : { ok: false, message: 'must be a number' };
  },
});

/** The import's columns, in the template's order: each names what it fills and parses with that field's own rules. */
export const ORCA_IMPORT_COLUMNS: readonly OrcaImportColumn[] = [
  textOf('job', 'job_number', jobShape, "Required. The customer's job number: the import's key for the job (an ORCA job of the account with this number is added to, else a new one is made)"),
  textOf('job', 'title', jobShape, "The job's title"),
  textOf('job', 'customer', jobShape, 'Customer (free text)'),
  textOf('job', 'work_status', jobShape, "Work status (free text offered with the ORCA list); a new job without one is 'New'"),
  textOf('job', 'project_number', jobShape, 'Project number'),
  textOf('job', 'work_req_num', jobShape, 'Work request number'),
  textOf('job', 'po_job_number', jobShape, 'PO job number'),
  textOf('job', 'coordinator_code', jobShape, 'Coordinator code'),
  dateOf('job', 'completion_date', jobShape, 'Completion date'),
  dateOf('job', 'billing_due_date', jobShape, 'Billing due date'),
  {
    header: 'task_id',
    fills: 'task',
    field: 'task_id',
    note: "The row's task: one decimal (1.1, 2.0); added to the job when it has no task with this id",
    parse: bySchema(taskShape.task_id),
  },
  dateOf('task', 'due_date', taskShape, "The task's due date (needs task_id)", 'task_due_date'),
  {
    header: 'line_number',
    fills: 'cibe_line',
    field: 'line_number',
    note: "The CIBE line's number, a whole number of 1 or more, unique per job and task; a row without one adds only its job and task",
    parse: (raw) => {
      const n = numberOf(raw);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return { ok: false, message: 'must be a whole number of 1 or more' };
      return bySchema(cibeShape.line_number)(String(n));
    },
  },
  textOf('cibe_line', 'issued_item_code', cibeShape, 'Issued item code (needs line_number)'),
  textOf('cibe_line', 'issued_item_description', cibeShape, 'Issued item description (needs line_number)'),
  numeric('cibe_line', 'issued_item_qty', cibeShape, 'Issued quantity, up to 4 decimals (needs line_number)'),
  numeric('cibe_line', 'issued_item_price', cibeShape, 'Issued unit price, up to 4 decimals; $ and commas allowed (needs line_number)'),
  numeric('cibe_line', 'CIBE_item_qty', cibeShape, 'CIBE (as built) quantity (needs line_number)'),
];

const COLUMN_BY_KEY = new Map(ORCA_IMPORT_COLUMNS.map((c) => [c.header.toLowerCase(), c]));

const EXAMPLE_ROWS: Record<string, string>[] = [
  { job_number: 'ORCA-1001', title: 'Main St fiber extension', customer: 'AT&T', work_status: 'Issued', project_number: 'P-77', work_req_num: 'WR-5521', po_job_number: 'PO-9001', coordinator_code: 'KB1', completion_date: '2026-12-15', billing_due_date: '2027-01-15', task_id: '1.1', task_due_date: '2026-12-01', line_number: '1', issued_item_code: 'BORE-2', issued_item_description: 'Bore 2" duct', issued_item_qty: '120', issued_item_price: '$14.50', CIBE_item_qty: '' },
  { job_number: 'ORCA-1001', task_id: '1.1', line_number: '2', issued_item_code: 'HH-17', issued_item_description: 'Handhole 17x30', issued_item_qty: '2', issued_item_price: '$1,250.00', CIBE_item_qty: '3' },
  { job_number: 'ORCA-1002', title: 'Oak Ave drop', customer: 'AT&T', completion_date: '1/20/2027', task_id: '1.1', line_number: '1', issued_item_code: 'TR-1', issued_item_description: 'Trench 1 ft', issued_item_qty: '300', issued_item_price: '6.25' },
];

/** The template users download: the header and three example rows (two lines of one job, one of another). */
export const ORCA_IMPORT_TEMPLATE = [ORCA_IMPORT_COLUMNS.map((c) => c.header), ...EXAMPLE_ROWS.map((r) => ORCA_IMPORT_COLUMNS.map((c) => r[c.header] ?? ''))].map(csvLine).join('\r\n') + '\r\n';
export const ORCA_IMPORT_TEMPLATE_NAME = 'ORCA import template.csv';

// ---- reading a file -----------------------------------------------------------------------------

/** A bad cell: the CSV's line (the header is line 1), the column's header, the cell's text, and why. */
export interface OrcaImportError {
  line: number;
  column: string;
  value: string;
  message: string;
}

export interface OrcaImportTask {
  task_id: string;
  line: number;
  values: Record<string, unknown>;
}
export interface OrcaImportCibeLine {
  /** The task's id ('1.1'), or null for a line of the job's own sheet. */
  task_id: string | null;
  line_number: number;
  line: number;
  values: Record<string, unknown>;
}
export interface OrcaImportJob {
  job_number: string;
  /** The first line naming the job. */
  line: number;
  values: Record<string, unknown>;
  tasks: OrcaImportTask[];
  cibe_lines: OrcaImportCibeLine[];
}
export interface OrcaImportFile {
  /** Data rows read (blank rows are not rows). */
  rows: number;
  jobs: OrcaImportJob[];
  errors: OrcaImportError[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Values set once and repeated on later rows (a job's, a task's): a later row may leave a cell blank
 * or repeat it; another value is a bad cell naming the line that set it first.
 */
function setOnce(target: { values: Record<string, unknown>; from: Record<string, { line: number; raw: string }> }, field: string, value: unknown, at: { line: number; raw: string; column: string }, errors: OrcaImportError[]) {
  const was = target.from[field];
  if (!was) {
    target.values[field] = value;
    target.from[field] = { line: at.line, raw: at.raw };
  } else if (!same(target.values[field], value)) errors.push({ line: at.line, column: at.column, value: at.raw, message: `disagrees with line ${was.line} (${was.raw})` });
}

/** A file's jobs, tasks and CIBE lines, and every bad cell. Nothing is imported from a file with errors. */
export const parseOrcaCsv = (text: string): OrcaImportFile => allSteps(orcaCsvSteps(text));

/** Rows parsed between two steps of `orcaCsvSteps`: about 2 ms of work (at 500, another account's save waited a step at each of its own steps, 285 ms in all). */
export const ORCA_ROWS_PER_STEP = 100;

/**
 * `parseOrcaCsv` in steps: it yields after every ORCA_ROWS_PER_STEP rows and returns the file, so a
 * server parsing an upload can let other requests in between (apps/api runs it `inTurns`); parsed
 * whole, 20,000 rows hold a process for about half a second.
 */
export function* orcaCsvSteps(text: string, rowsPerStep = ORCA_ROWS_PER_STEP): Generator<void, OrcaImportFile> {
  const errors: OrcaImportError[] = [];
  const { records, error } = readCsv(text);
  if (error) errors.push({ line: error.line, column: 'file', value: '', message: error.message });
  const [head, ...body] = records;
  if (!head || head.cells.every((c) => !c.trim())) {
    if (!error) errors.push({ line: 1, column: 'file', value: '', message: 'is empty: its first line must name the columns' });
    return { rows: 0, jobs: [], errors };
  }

  // The header: each cell a known column once; blank names are allowed only over blank cells.
  const columns: (OrcaImportColumn | null)[] = [];
  const seen = new Set<string>();
  for (const raw of head.cells) {
    const name = raw.trim();
    const col = COLUMN_BY_KEY.get(name.toLowerCase()) ?? null;
    if (name && !col) errors.push({ line: head.line, column: name, value: raw, message: `is not a column of the ORCA import (columns: ${ORCA_IMPORT_COLUMNS.map((c) => c.header).join(', ')})` });
    else if (col && seen.has(col.header)) errors.push({ line: head.line, column: name, value: raw, message: 'is a column named twice' });
    columns.push(col && !seen.has(col.header) ? col : null);
    if (col) seen.add(col.header);
  }
  if (!seen.has('job_number')) errors.push({ line: head.line, column: 'job_number', value: '', message: 'is a required column' });

  type Held = { values: Record<string, unknown>; from: Record<string, { line: number; raw: string }> };
  const jobs = new Map<string, OrcaImportJob & { held: Held; taskHeld: Map<string, Held & { task: OrcaImportTask }>; lineAt: Map<string, number> }>();
  let rows = 0;

  for (const [at, rec] of body.entries()) {
    if (at && at % rowsPerStep === 0) yield;
    if (rec.cells.every((c) => !c.trim())) continue;
    rows++;
    const cells: Partial<Record<OrcaImportTarget, { col: OrcaImportColumn; raw: string; value: unknown }[]>> = {};
    rec.cells.forEach((raw, i) => {
      const text = raw.trim();
      if (!text) return;
      const col = columns[i];
      if (!col) {
        // A cell under an unknown or repeated header is named by that header's own error.
        if (!head.cells[i]?.trim()) errors.push({ line: rec.line, column: `column ${i + 1}`, value: raw, message: 'is under no column header' });
        return;
      }
      const p = col.parse(text);
      if (!p.ok) errors.push({ line: rec.line, column: col.header, value: raw, message: p.message });
      else if (p.value !== null && p.value !== undefined) (cells[col.fills] ??= []).push({ col, raw: text, value: p.value });
    });
    const of = (t: OrcaImportTarget) => cells[t] ?? [];
    // A key cell that is filled but bad is named by its parser already: the cells that need it are not named again.
    const filled = (header: string) => Boolean(rec.cells[columns.findIndex((c) => c?.header === header)]?.trim());
    const jobNumber = of('job').find((c) => c.col.field === 'job_number');
    if (!jobNumber) {
      if (!filled('job_number') && seen.has('job_number')) errors.push({ line: rec.line, column: 'job_number', value: '', message: 'is required' });
      continue;
    }
    const key = String(jobNumber.value);
    let job = jobs.get(key);
    if (!job) {
      job = { job_number: key, line: rec.line, values: {}, tasks: [], cibe_lines: [], held: { values: {}, from: {} }, taskHeld: new Map(), lineAt: new Map() };
      job.values = job.held.values;
      jobs.set(key, job);
    }
    for (const c of of('job')) setOnce(job.held, c.col.field, c.value, { line: rec.line, raw: c.raw, column: c.col.header }, errors);

    const taskId = of('task').find((c) => c.col.field === 'task_id');
    const taskKey = taskId ? String(taskId.value) : null;
    if (!taskKey) for (const c of filled('task_id') ? [] : of('task')) errors.push({ line: rec.line, column: c.col.header, value: c.raw, message: 'needs a task_id on its row' });
    else {
      let held = job.taskHeld.get(taskKey);
      if (!held) {
        const task: OrcaImportTask = { task_id: taskKey, line: rec.line, values: {} };
        held = { values: task.values, from: {}, task };
        job.taskHeld.set(taskKey, held);
        job.tasks.push(task);
      }
      for (const c of of('task')) setOnce(held, c.col.field, c.value, { line: rec.line, raw: c.raw, column: c.col.header }, errors);
    }

    const lineNumber = of('cibe_line').find((c) => c.col.field === 'line_number');
    if (!lineNumber) {
      for (const c of filled('line_number') ? [] : of('cibe_line')) errors.push({ line: rec.line, column: c.col.header, value: c.raw, message: 'needs a line_number on its row' });
      continue;
    }
    const n = lineNumber.value as number;
    const lineKey = `${taskKey ?? ''}#${n}`;
    const earlier = job.lineAt.get(lineKey);
    if (earlier !== undefined) {
      errors.push({ line: rec.line, column: 'line_number', value: lineNumber.raw, message: `repeats line ${n} of ${taskKey ? `task ${taskKey}` : 'the job'} of job ${key} (line ${earlier})` });
      continue;
    }
    job.lineAt.set(lineKey, rec.line);
    job.cibe_lines.push({ task_id: taskKey, line_number: n, line: rec.line, values: Object.fromEntries(of('cibe_line').map((c) => [c.col.field, c.value])) });
  }
  if (!rows && !errors.length) errors.push({ line: head.line, column: 'file', value: '', message: 'has no rows under its header' });

  return {
    rows,
    jobs: [...jobs.values()].map((j) => ({ job_number: j.job_number, line: j.line, values: j.values, tasks: j.tasks, cibe_lines: j.cibe_lines })),
    errors,
  };
}

/** A file's bytes read in the encoding chosen (or detected), then parsed; a byte the encoding cannot read is a bad cell naming its line. */
export const readOrcaFile = (bytes: Uint8Array, encoding: TextEncodingChoice = 'auto') => allSteps(orcaFileSteps(bytes, encoding));

/** `readOrcaFile` in steps, as `orcaCsvSteps`. */
export function* orcaFileSteps(bytes: Uint8Array, encoding: TextEncodingChoice = 'auto'): Generator<void, OrcaImportFile & { encoding: TextEncodingRead }> {
  const decoded = decodeText(bytes, encoding);
  if (decoded.error) return { rows: 0, jobs: [], errors: [{ line: decoded.error.line, column: 'file', value: '', message: decoded.error.message }], encoding: decoded.encoding };
  return { ...(yield* orcaCsvSteps(decoded.text)), encoding: decoded.encoding };
}

/** A stepped work run to its end at once. */
function allSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// ---- bounds --------------------------------------------------------------------------------------

/**
 * What one import may hold, so one account's file never holds the worker for long: rows of the file,
 * and CIBE lines of one job (a job's lines are decided on its whole state, so a bigger job costs more
 * per line). Checked at preview and at the import, before anything is stored.
 */
export const ORCA_IMPORT_LIMITS = { rows: 20_000, cibeLinesPerJob: 2_000 } as const;

const count = (n: number) => n.toLocaleString('en-US');

/** Why a file is beyond the limits (the file's field message), or null. */
export function importBeyondLimits(file: Pick<OrcaImportFile, 'rows' | 'jobs'>, limits: { rows: number; cibeLinesPerJob: number } = ORCA_IMPORT_LIMITS): string | null {
  if (file.rows > limits.rows) return `has ${count(file.rows)} rows; an import takes at most ${count(limits.rows)}: split the file`;
  const big = file.jobs.find((j) => j.cibe_lines.length > limits.cibeLinesPerJob);
  if (big) return `job ${big.job_number} (from line ${big.line}) has ${count(big.cibe_lines.length)} CIBE lines; an import takes at most ${count(limits.cibeLinesPerJob)} per job`;
  return null;
}

// ---- the command --------------------------------------------------------------------------------


type JobState = RecordState<JobFields>;
/** The job's own decide and evolve (job.ts), so every rule of CreateJob and AddLine applies. */
export interface JobSteps {
  decide(command: JobCommand, state: JobState): DomainEvent[];
  evolve(state: JobState, event: DomainEvent): JobState;
}

const cibeKey = (sheet: string, lineNumber: unknown) => `${sheet}#${Number(lineNumber)}`;
/** The job's tasks by task id ('1.1' -> the task's line id). */
const taskLinesOf = (state: JobState) => new Map(Object.values(state.lines[jobTasks.name] ?? {}).flatMap((t) => (taskIdText(t.task_id) ? [[taskIdText(t.task_id)!, t.id] as const] : [])));
const cibeKeysOf = (state: JobState) => new Set(Object.values(state.lines[jobCibeItems.name] ?? {}).map((l: Line) => cibeKey(taskOfLine(l), l.line_number)));

/**
 * What a job (its state; none yet: everything) lacks of a file's job: the tasks whose task_id it has
 * not and the CIBE lines whose (task, line_number) it has not. The worker takes line ids only for these;
 * ImportOrcaJob checks again on the state it decides on.
 */
export function lackedByJob(job: Pick<OrcaImportJob, 'tasks' | 'cibe_lines'>, state: JobState): Pick<OrcaImportJob, 'tasks' | 'cibe_lines'> {
  const tasks = taskLinesOf(state);
  const lines = cibeKeysOf(state);
  return {
    tasks: job.tasks.filter((t) => !tasks.has(taskIdText(t.task_id) ?? '')),
    cibe_lines: job.cibe_lines.filter((l) => {
      const taskId = l.task_id === null ? null : taskIdText(l.task_id);
      const sheet = taskId ? tasks.get(taskId) : '';
      return sheet === undefined || !lines.has(cibeKey(sheet, l.line_number));
    }),
  };
}

/**
 * ImportOrcaJob: a job that does not exist is created (form type attorca, the CreateJob rules), then
 * each task whose task_id the job lacks and each CIBE line whose (task, line_number) it lacks is added
 * by AddLine, each decided on the state the one before left. An existing job that is not an ORCA job
 * is refused; one that has everything gets no events.
 */
export function decideOrcaImport(command: ImportOrcaJob, state: JobState, steps: JobSteps): DomainEvent[] {
  const events: DomainEvent[] = [];
  let s = state;
  const apply = (c: JobCommand) => {
    for (const e of steps.decide(c, s)) {
      s = steps.evolve(s, e);
      events.push(e);
    }
  };
  if (!s.id) apply({ type: 'CreateJob', jobId: command.jobId, values: { ...command.values, form_type: ORCA_FORM_TYPE } });
  else {
    requireRecord(s, 'Job');
    if (s.fields.form_type !== ORCA_FORM_TYPE) throw new DomainError('conflict', `Job ${String(s.fields.job_number ?? s.id)} is not an ORCA job`, { job_number: 'is a job that is not an ORCA job' });
  }

  const taskLineOf = taskLinesOf(s);
  for (const t of command.tasks) {
    const id = taskIdText(t.values.task_id);
    if (!id) throw new DomainError('invalid', 'A task of the import needs its task id', { task_id: 'is required' });
    if (taskLineOf.has(id)) continue;
    apply({ type: 'AddLine', collection: jobTasks.name, lineId: t.lineId, values: { ...t.values, task_id: id } } satisfies LineCommand);
    taskLineOf.set(id, t.lineId);
  }

  const held = cibeKeysOf(s);
  for (const l of command.cibe_lines) {
    if (l.values.line_number === undefined || l.values.line_number === null) throw new DomainError('invalid', 'A CIBE line of the import needs its line number', { line_number: 'is required' });
    const taskId = l.task_id === null ? null : taskIdText(l.task_id);
    // A task the job lacks is refused by the task binding (AddLine), naming task_id.
    const key = cibeKey(taskId ? (taskLineOf.get(taskId) ?? `?${taskId}`) : '', l.values.line_number);
    if (held.has(key)) continue;
    apply({ type: 'AddLine', collection: jobCibeItems.name, lineId: l.lineId, values: { ...l.values, task_id: taskId } } satisfies LineCommand);
    held.add(key);
  }
  return events;
}
