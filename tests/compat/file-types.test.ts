/**
 * A file's `file_type` as the old client sends it (issue 28): the client's own words (a permit scan,
 * a site plan), kept as sent on every record's files; only `pdf_bundle` means something to the server,
 * and a new bundle still replaces the old one.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, type Upload } from './specClient.ts';

const { office } = apiTest('compat_file_types');
const spec = new SpecClient(office);
const pdf = (name: string): Upload => ({ name, type: 'application/pdf', content: `%PDF-1.4 ${name}` });

describe('file types in the client\'s own words', () => {
  it.each([
    ['bid', '/api/bids/', (id: string) => `/api/bids/${id}/files/`, 'bid'],
    ['project', '/api/projects/', (id: string) => `/api/project/${id}/files/`, 'project'],
    ['job', '/api/jobs/new/', (id: string) => `/api/jobs/${id}/general_files/`, 'job'],
  ])('given a %s, when files of any type are uploaded, then each keeps its type as sent', async (_what, create, filesOf, parent) => {
    const record = await spec.create(create, { form_type: 'base', work_status: 'New' });
    const scan = await spec.upload(filesOf(record.id), { [parent]: record.id, file_name: 'permit.pdf', file_type: 'Permit scan' }, pdf('permit.pdf'));
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    expect(scan.body.file_type).toBe('Permit scan');
    const plan = await spec.upload(filesOf(record.id), { [parent]: record.id, file_name: 'plan.pdf', file_type: 'site plan, rev 2' }, pdf('plan.pdf'));
    expect(plan.body.file_type).toBe('site plan, rev 2');
    const types = (await spec.load(filesOf(record.id))).map((f: { file_type: string }) => f.file_type);
    expect(types).toEqual(expect.arrayContaining(['Permit scan', 'site plan, rev 2']));
  });

  it('given a bid with a PDF bundle and a scan, when a new bundle is uploaded, then it replaces the old bundle and the scan stays', async () => {
    const bid = await spec.create('/api/bids/', { bid_status: 'A' });
    await spec.upload(`/api/bids/${bid.id}/files/`, { bid: bid.id, file_name: 'one.pdf', file_type: 'pdf_bundle' }, pdf('one.pdf'));
    await spec.upload(`/api/bids/${bid.id}/files/`, { bid: bid.id, file_name: 'scan.pdf', file_type: 'Field scan' }, pdf('scan.pdf'));
    await spec.upload(`/api/bids/${bid.id}/files/`, { bid: bid.id, file_name: 'two.pdf', file_type: 'pdf_bundle' }, pdf('two.pdf'));
    const files = (await spec.load(`/api/bids/${bid.id}/files/`)).map((f: { file_name: string; file_type: string }) => `${f.file_type}: ${f.file_name}`);
    expect(files.sort()).toEqual(['Field scan: scan.pdf', 'pdf_bundle: two.pdf']);
  });
});
