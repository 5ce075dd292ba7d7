import { describe, expect, it } from 'vitest';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { jobLinesOf } from './collections.ts';
import { jobDecider } from './job.ts';
import type { JobEvent } from './events.ts';
import { decideOrcaImport, importBeyondLimits, lackedByJob, ORCA_IMPORT_COLUMNS, ORCA_IMPORT_TEMPLATE, ORCA_ROWS_PER_STEP, orcaFileSteps, parseOrcaCsv, readCsv, readOrcaFile, type OrcaImportJob } from './orca-import.ts';
import type { ImportOrcaJob } from './commands.ts';

const HEADER = 'job_number,title,task_id,task_due_date,line_number,issued_item_code,issued_item_qty,issued_item_price,CIBE_item_qty';

describe('readCsv (RFC 4180)', () => {
  it('given quotes, doubled quotes, a line break in a value, CRLF and a BOM, when read, then values and start lines are right', () => {
    const { records, error } = readCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\r\nlines",z\r\n\r\nlast,"" \n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\r\nlines', 'z'] },
      { line: 5, cells: [''] },
      { line: 6, cells: ['last', ' '] },
    ]);
  });

  it('given LF and CR line ends and no final line end, when read, then each line is a record', () => {
    expect(readCsv('a\nb\rc').records).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
      { line: 3, cells: ['c'] },
    ]);
  });

  it('given a quoted value never closed, when read, then the error names the line it starts on', () => {
    expect(readCsv('a,b\n1,"open\nstill').error).toEqual({ line: 2, message: 'has a quoted value that is never closed' });
  });
});

describe('the template', () => {
  it('given the template, when parsed, then it has every column, three rows, two jobs and no errors', () => {
    const lines = ORCA_IMPORT_TEMPLATE.trim().split('\r\n');
    expect(lines[0].split(',')).toEqual(ORCA_IMPORT_COLUMNS.map((c) => c.header));
    expect(lines).toHaveLength(4);
    const file = parseOrcaCsv(ORCA_IMPORT_TEMPLATE);
    expect(file.errors).toEqual([]);
    expect(file.rows).toBe(3);
    expect(file.jobs.map((j) => [j.job_number, j.tasks.length, j.cibe_lines.length])).toEqual([
      ['ORCA-1001', 1, 2],
      ['ORCA-1002', 1, 1],
    ]);
    // '$1,250.00' and '1/20/2027' read as the API would take them.
    expect(file.jobs[0].cibe_lines[1].values).toMatchObject({ issued_item_price: 1250, issued_item_qty: 2, CIBE_item_qty: 3 });
    expect(file.jobs[1].values.completion_date).toBe('2027-01-20');
  });
});

describe('parseOrcaCsv', () => {
  it('given 1,200 rows, when read in steps, then it yields after each ORCA_ROWS_PER_STEP rows and ends with what reading it whole gives', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `J-${Math.floor(i / 4)},Job ${Math.floor(i / 4)},1.1,,${(i % 4) + 1},ITEM,2,3.5,2`);
    const bytes = new TextEncoder().encode([HEADER, ...rows].join('\n'));
    const steps = orcaFileSteps(bytes, 'utf-8');
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(yields).toBe(Math.ceil(1200 / ORCA_ROWS_PER_STEP) - 1);
    expect(step.value).toEqual(readOrcaFile(bytes, 'utf-8'));
    expect(step.value).toMatchObject({ rows: 1200, errors: [] });
    expect(step.value.jobs).toHaveLength(300);
  });

  it('given rows of two jobs with tasks and lines, when parsed, then each job holds its values, tasks and lines once', () => {
    const file = parseOrcaCsv(
      [
        'Job_Number,TITLE,task_id,Task_Due_Date,line_number,issued_item_code,issued_item_qty,issued_item_price,cibe_item_qty',
        'J-1,Main St,1.1,12/1/2026,1,BORE,10,"$1,000.50",12',
        'J-1,Main St,1.1,,2,HH,1,50,',
        'J-1,,2,,,,,,',
        'J-2,Oak,,,1,TR,5,2,',
      ].join('\n'),
    );
    expect(file.errors).toEqual([]);
    expect(file.rows).toBe(4);
    const [j1, j2] = file.jobs;
    expect(j1).toMatchObject({ job_number: 'J-1', line: 2, values: { job_number: 'J-1', title: 'Main St' } });
    expect(j1.tasks).toEqual([
      { task_id: '1.1', line: 2, values: { task_id: '1.1', due_date: '2026-12-01' } },
      { task_id: '2.0', line: 4, values: { task_id: '2.0' } },
    ]);
    expect(j1.cibe_lines).toEqual([
      { task_id: '1.1', line_number: 1, line: 2, values: { line_number: 1, issued_item_code: 'BORE', issued_item_qty: 10, issued_item_price: 1000.5, CIBE_item_qty: 12 } },
      { task_id: '1.1', line_number: 2, line: 3, values: { line_number: 2, issued_item_code: 'HH', issued_item_qty: 1, issued_item_price: 50 } },
    ]);
    // A line without a task is a line of the job's own sheet.
    expect(j2.cibe_lines).toEqual([{ task_id: null, line_number: 1, line: 5, values: { line_number: 1, issued_item_code: 'TR', issued_item_qty: 5, issued_item_price: 2 } }]);
  });

  it('given an unknown and a repeated header, when parsed, then each is a bad cell of line 1', () => {
    const { errors } = parseOrcaCsv('job_number,colour,JOB_NUMBER\nJ-1,red,J-1\n');
    expect(errors).toEqual([
      { line: 1, column: 'colour', value: 'colour', message: expect.stringContaining('is not a column of the ORCA import') },
      { line: 1, column: 'JOB_NUMBER', value: 'JOB_NUMBER', message: 'is a column named twice' },
    ]);
  });

  it('given no job_number column, when parsed, then line 1 names it as required', () => {
    expect(parseOrcaCsv('title\nA\n').errors).toEqual([{ line: 1, column: 'job_number', value: '', message: 'is a required column' }]);
  });

  it('given bad cells, when parsed, then each is named by its line and column with its value', () => {
    const { errors } = parseOrcaCsv(
      [
        HEADER,
        ',No number,1.1,,1,A,1,1,', // line 2: no job number
        'J-1,A,1.15,,1,A,1,1,', // line 3: task id with two decimals
        'J-1,A,1.1,2026-02-30,1,A,1,1,', // line 4: no such date
        'J-1,A,1.1,,1.5,A,1,1,', // line 5: line number not whole
        'J-1,A,1.1,,2,A,ten,$x,-1', // line 6: numbers
      ].join('\n'),
    );
    expect(errors).toEqual([
      { line: 2, column: 'job_number', value: '', message: 'is required' },
      { line: 3, column: 'task_id', value: '1.15', message: 'must be a task number such as 1.1' },
      { line: 4, column: 'task_due_date', value: '2026-02-30', message: 'must be a date YYYY-MM-DD' },
      { line: 5, column: 'line_number', value: '1.5', message: 'must be a whole number of 1 or more' },
      { line: 6, column: 'issued_item_qty', value: 'ten', message: 'must be a number' },
      { line: 6, column: 'issued_item_price', value: '$x', message: 'must be a number' },
      { line: 6, column: 'CIBE_item_qty', value: '-1', message: expect.stringMatching(/^must be a number from 0/) },
    ]);
  });

  it('given a job column disagreeing with an earlier row of the job, when parsed, then the later cell names the line that set it', () => {
    const { errors } = parseOrcaCsv(`${HEADER}\nJ-1,Main,,,,,,,\nJ-1,,,,,,,,\nJ-1,Oak,,,,,,,\n`);
    expect(errors).toEqual([{ line: 4, column: 'title', value: 'Oak', message: 'disagrees with line 2 (Main)' }]);
  });

  it('given the same date written two ways on two rows of a task, when parsed, then they agree', () => {
    const { errors } = parseOrcaCsv(`${HEADER}\nJ-1,,1.1,1/5/2027,,,,,\nJ-1,,1.1,2027-01-05,,,,,\nJ-1,,1.1,2027-01-06,,,,,\n`);
    expect(errors).toEqual([{ line: 4, column: 'task_due_date', value: '2027-01-06', message: 'disagrees with line 2 (1/5/2027)' }]);
  });

  it('given a repeated (job, task, line_number), when parsed, then the repeat is a bad cell; the same number on another task or job is not', () => {
    const { errors, jobs } = parseOrcaCsv(`${HEADER}\nJ-1,,1.1,,1,A,,,\nJ-1,,1.2,,1,B,,,\nJ-2,,1.1,,1,C,,,\nJ-1,,1.1,,1,D,,,\n`);
    expect(errors).toEqual([{ line: 5, column: 'line_number', value: '1', message: 'repeats line 1 of task 1.1 of job J-1 (line 2)' }]);
    expect(jobs[0].cibe_lines).toHaveLength(2);
  });

  it('given CIBE or task columns on a row without line_number or task_id, when parsed, then each such cell is named', () => {
    const { errors } = parseOrcaCsv(`${HEADER}\nJ-1,,,2026-01-01,,CODE,3,,\n`);
    expect(errors).toEqual([
      { line: 2, column: 'task_due_date', value: '2026-01-01', message: 'needs a task_id on its row' },
      { line: 2, column: 'issued_item_code', value: 'CODE', message: 'needs a line_number on its row' },
      { line: 2, column: 'issued_item_qty', value: '3', message: 'needs a line_number on its row' },
    ]);
  });

  it('given a value under no header, too long a job number, or an empty file, when parsed, then each is named', () => {
    expect(parseOrcaCsv('job_number,\nJ-1,stray\n').errors).toEqual([{ line: 2, column: 'column 2', value: 'stray', message: 'is under no column header' }]);
    expect(parseOrcaCsv(`job_number\n${'x'.repeat(101)}\n`).errors).toEqual([{ line: 2, column: 'job_number', value: 'x'.repeat(101), message: expect.any(String) }]);
    expect(parseOrcaCsv('').errors).toEqual([{ line: 1, column: 'file', value: '', message: 'is empty: its first line must name the columns' }]);
    expect(parseOrcaCsv('job_number\n\n').errors).toEqual([{ line: 1, column: 'file', value: '', message: 'has no rows under its header' }]);
  });
});

// ---- ImportOrcaJob --------------------------------------------------------------------------------

/** The command for a parsed job, its line ids numbered from `firstId`. */
function commandOf(job: OrcaImportJob, jobId: string, firstId = 1000): ImportOrcaJob {
  let next = firstId;
  return {
    type: 'ImportOrcaJob',
    jobId,
    values: { ...job.values, account_job_number: '5001' },
    tasks: job.tasks.map((t) => ({ lineId: String(next++), values: t.values })),
    cibe_lines: job.cibe_lines.map((l) => ({ lineId: String(next++), task_id: l.task_id, values: l.values })),
  };
}
const fileJob = (csv: string) => {
  const f = parseOrcaCsv(csv);
  expect(f.errors).toEqual([]);
  return f.jobs[0];
};
const FILE = `${HEADER}\nJ-1,Main,1.1,2026-12-01,1,BORE,10,5,\nJ-1,,1.1,,2,HH,1,50,\nJ-1,,,,1,OWN,2,3,\n`;

describe('ImportOrcaJob', () => {
  it('given no job, when imported, then an ORCA job is created with the counter number, its task and its CIBE lines bound to the task', () => {
    const { events, state } = given(jobDecider, []).then(commandOf(fileJob(FILE), '50'));
    expect(events.map((e) => e.type)).toEqual(['JobCreated', 'JobTaskAdded', 'JobCibeItemAdded', 'JobCibeItemAdded', 'JobCibeItemAdded']);
    expect(state.fields).toMatchObject({ form_type: 'attorca', job_number: 'J-1', title: 'Main', account_job_number: '5001', work_status: 'New', archived: false });
    const [task] = jobLinesOf(state.lines, 'job_tasks');
    expect(task).toMatchObject({ id: '1000', task_id: '1.1', due_date: '2026-12-01' });
    const lines = jobLinesOf(state.lines, 'job_cibe_items');
    expect(lines.map((l) => [l.id, l.job_task ?? null, l.task_id ?? null, l.line_number, l.issued_item_code])).toEqual(
      expect.arrayContaining([
        ['1001', '1000', '1.1', 1, 'BORE'],
        ['1002', '1000', '1.1', 2, 'HH'],
        ['1003', null, null, 1, 'OWN'],
      ]),
    );
  });

  it('given the import done, when the same command comes again (new ids), then nothing is added', () => {
    const job = fileJob(FILE);
    const done = given(jobDecider, []).then(commandOf(job, '50')).events as JobEvent[];
    expect(given(jobDecider, done).when(commandOf(job, '50', 2000))).toEqual([]);
  });

  it('given an ORCA job with task 1.1 and its line 1, when a file adds task 1.2 and line 2, then only those are added; the job keeps its own fields', () => {
    const first = given(jobDecider, []).then(commandOf(fileJob(`${HEADER}\nJ-1,Main,1.1,,1,BORE,10,5,\n`), '50')).events as JobEvent[];
    const more = fileJob(`${HEADER}\nJ-1,Renamed,1.1,,1,BORE,10,5,\nJ-1,,1.1,,2,HH,1,50,\nJ-1,,1.2,,1,TR,3,4,\n`);
    const { events, state } = given(jobDecider, first).then(commandOf(more, '50', 2000));
    expect(events.map((e) => e.type)).toEqual(['JobTaskAdded', 'JobCibeItemAdded', 'JobCibeItemAdded']);
    expect(state.fields.title).toBe('Main');
    const t12 = jobLinesOf(state.lines, 'job_tasks').find((t) => t.task_id === '1.2')!;
    expect(jobLinesOf(state.lines, 'job_cibe_items').map((l) => [l.task_id, l.line_number])).toEqual(
      expect.arrayContaining([
        ['1.1', 1],
        ['1.1', 2],
        ['1.2', 1],
      ]),
    );
    expect(jobLinesOf(state.lines, 'job_cibe_items').find((l) => l.task_id === '1.2')!.job_task).toBe(t12.id);
  });

  it('given an ORCA job with some of a file, when asked what it lacks, then the tasks and lines it has not', () => {
    const have = given(jobDecider, []).then(commandOf(fileJob(`${HEADER}\nJ-1,Main,1.1,,1,BORE,10,5,\n`), '50')).state;
    const more = fileJob(`${HEADER}\nJ-1,,1.1,,1,BORE,10,5,\nJ-1,,1.1,,2,HH,1,50,\nJ-1,,1.2,,1,TR,3,4,\nJ-1,,,,1,OWN,1,1,\n`);
    const lacked = lackedByJob(more, have);
    expect(lacked.tasks.map((t) => t.task_id)).toEqual(['1.2']);
    expect(lacked.cibe_lines.map((l) => [l.task_id, l.line_number])).toEqual([
      ['1.1', 2],
      ['1.2', 1],
      [null, 1],
    ]);
    expect(lackedByJob(more, jobDecider.initialState)).toEqual({ tasks: more.tasks, cibe_lines: more.cibe_lines });
  });

  it('given a job that is not an ORCA job, when imported into, then it is refused naming job_number', () => {
    const base = [{ type: 'JobCreated', data: { id: '50', values: { form_type: 'base', job_number: 'J-1' } } }] as JobEvent[];
    const e = refusedWith(() => given(jobDecider, base).when(commandOf(fileJob(FILE), '50')));
    expect(e.code).toBe('conflict');
    expect(e.fields).toEqual({ job_number: 'is a job that is not an ORCA job' });
  });

  it('given a deleted job, when imported into, then it is not found', () => {
    const gone = [
      { type: 'JobCreated', data: { id: '50', values: { form_type: 'attorca' } } },
      { type: 'JobDeleted', data: {} },
    ] as JobEvent[];
    expect(refusedWith(() => given(jobDecider, gone).when(commandOf(fileJob(FILE), '50'))).code).toBe('not_found');
  });

  it('given a CIBE line of a task the command does not bring, when imported, then the task binding refuses it naming task_id', () => {
    const cmd: ImportOrcaJob = { type: 'ImportOrcaJob', jobId: '50', values: { job_number: 'J-1' }, tasks: [], cibe_lines: [{ lineId: '9', task_id: '3.1', values: { line_number: 1 } }] };
    expect(refusedWith(() => given(jobDecider, []).when(cmd)).fields).toEqual({ task_id: 'is not a task of this job' });
  });

  it('given a new job, when imported, then the events are those of CreateJob and each AddLine decided one after the other', () => {
    const cmd = commandOf(fileJob(FILE), '50');
    const byHand: JobEvent[] = [];
    const step = (c: Parameters<typeof jobDecider.decide>[0]) => byHand.push(...given(jobDecider, [...byHand]).when(c));
    step({ type: 'CreateJob', jobId: '50', values: { ...cmd.values, form_type: 'attorca' } });
    step({ type: 'AddLine', collection: 'job_tasks', lineId: '1000', values: cmd.tasks[0].values });
    for (const l of cmd.cibe_lines) step({ type: 'AddLine', collection: 'job_cibe_items', lineId: l.lineId, values: { ...l.values, task_id: l.task_id } });
    const m = meta();
    expect(decideOrcaImport(cmd, jobDecider.initialState, { decide: (c, st) => jobDecider.decide(c, st, m), evolve: (st, e) => jobDecider.evolve(st, e as JobEvent, m) })).toEqual(byHand);
  });
});

describe('the limits', () => {
  const file = (rows: number, jobs: { job_number: string; line: number; lines: number }[]) => ({ rows, jobs: jobs.map((j) => ({ job_number: j.job_number, line: j.line, cibe_lines: Array.from({ length: j.lines }) })) }) as unknown as Parameters<typeof importBeyondLimits>[0];

  it('given a file within the limits, then nothing is said', () => {
    expect(importBeyondLimits(file(3, [{ job_number: 'A', line: 2, lines: 3 }]), { rows: 3, cibeLinesPerJob: 3 })).toBeNull();
  });
  it('given more rows than an import takes, then the file is refused with both counts', () => {
    expect(importBeyondLimits(file(50_000, []), { rows: 20_000, cibeLinesPerJob: 2_000 })).toBe('has 50,000 rows; an import takes at most 20,000: split the file');
  });
  it('given a job of more lines than a job takes, then the job and its first line are named', () => {
    expect(importBeyondLimits(file(10, [{ job_number: 'A', line: 2, lines: 2 }, { job_number: 'B', line: 4, lines: 8 }]), { rows: 10, cibeLinesPerJob: 5 })).toBe('job B (from line 4) has 8 CIBE lines; an import takes at most 5 per job');
  });
});

describe('readOrcaFile', () => {
  it('given a Windows-1252 file, when read (detected), then the title keeps its é', () => {
    const bytes = Buffer.concat([Buffer.from('job_number,title\r\nA-1,Caf'), Buffer.from([0xe9]), Buffer.from('\r\n')]);
    const r = readOrcaFile(bytes);
    expect(r.encoding).toBe('windows-1252');
    expect(r.jobs[0].values.title).toBe('Café');
  });
  it('given a byte that is not UTF-8 in a file said to be UTF-8, then it is a bad cell of its line, column file', () => {
    const r = readOrcaFile(Buffer.concat([Buffer.from('job_number,title\nA-1,x\nA-2,'), Buffer.from([0xe9])]), 'utf-8');
    expect(r.errors).toEqual([{ line: 3, column: 'file', value: '', message: expect.stringContaining('not UTF-8 (0xE9)') }]);
  });
});
