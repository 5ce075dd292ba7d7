import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aggregates, areas, bulkList, bulkListNames, catalogRecords, collections, collectionsOf, domainEventTypes, reportDefs, webhookTopics } from './registry.ts';
import { parseLineValues } from './shared/collections.ts';
import { FILE_NAME_CONTROL } from './shared/file-names.ts';
import { refusedWith } from './shared/testing.ts';


const root = dirname(fileURLToPath(import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
const files = sources(root);
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)].map((m) => resolve(dirname(file), m[1] ?? m[2]));
const name = (f: string) => relative(root, f);

describe('the composed registry', () => {
  it('given every area, when composed, then each collection belongs to a known aggregate and each area is listed once', () => {
    expect(new Set(areas).size).toBe(areas.length);
    for (const c of collections()) expect(aggregates[c.aggregate], c.name).toBeDefined();
    expect(collectionsOf('bid').map((c) => c.name)).toEqual(['bid_items', 'bid_notes', 'bid_customer_data', 'bid_files']);
    expect(catalogRecords().map((c) => c.aggregate)).toEqual(['crew', 'customer', 'vendor', 'raw_material', 'product', 'sva_coordinator']);
    expect(reportDefs().map((r) => r.name)).toContain('projects.management');
  });

  it('given every collection of uploaded files, when a file_name is given, then a path is kept as the name shown and a control character is refused naming file_name', () => {
    const uploads = collections().filter((c) => c.upload);
    expect(uploads.length).toBeGreaterThan(10);
    for (const c of uploads) {
      expect(parseLineValues(c, { file_name: '../../Café_日本.png' }, true).file_name, c.name).toBe('../../Café_日本.png');
      expect(refusedWith(() => parseLineValues(c, { file_name: 'a\nb.png' }, true)).fields, c.name).toEqual({ file_name: FILE_NAME_CONTROL });
    }
  });

  it('given the domain sources, then no file imports another only for its side effects, and only index.ts imports registry.ts', () => {
    const sideEffects = files.filter((f) => /^import\s+'\.[^']+';/m.test(readFileSync(f, 'utf8'))).map(name);
    expect(sideEffects).toEqual([]);
    const importers = files.filter((f) => importsOf(f).includes(join(root, 'registry.ts'))).map(name);
    expect(importers).toEqual(['index.ts']);
  });

  it('given the domain sources, then every event type they name is a known event type, which webhooks may want but their own', () => {
    const named = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/DomainEvent<'([A-Za-z]+)'/g)].map((m) => m[1])));
    const known = new Set(domainEventTypes());
    expect([...named].filter((t) => !known.has(t))).toEqual([]);
    expect(webhookTopics()).toEqual(expect.arrayContaining(['LocateReUpped', 'BidCreated', 'JobItemAdded', 'CrewAdded', 'notification.locate_expiring', 'report_schedule.delivered']));
    expect(webhookTopics().filter((t) => t.startsWith('Webhook'))).toEqual([]);
  });

  it('given the domain sources, then their imports form no cycle', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') return void cycles.push([...path.slice(path.indexOf(f)), f].map(name).join(' > '));
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('given the domain sources, then no other area imports from jobs/: what several areas use is in shared/', () => {
    const jobs = join(root, 'jobs');
    const reaching = files.filter((f) => !f.startsWith(jobs + '/') && f !== join(root, 'index.ts') && f !== join(root, 'registry.ts') && importsOf(f).some((i) => i.startsWith(jobs + '/')));
    expect(reaching.map(name)).toEqual([]);
  });

  it('given every bulk list, then each report it names is a report of the catalogue', () => {
    const names = new Set(reportDefs().map((r) => r.name));
    for (const list of bulkListNames()) for (const r of Object.values(bulkList(list).reports)) expect(names.has(r), `${list}: ${r}`).toBe(true);
  });
});
