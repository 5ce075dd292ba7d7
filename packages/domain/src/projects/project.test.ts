import { describe, expect, it } from 'vitest';
import { projectDecider } from './project.ts';
import type { ProjectEvent } from './events.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { projectFiles, projectNotes } from './collections.ts';
import { projectView } from './view.ts';
import { projectFields } from './commands.ts';

const created: ProjectEvent = { type: 'ProjectCreated', data: { id: '20', values: { name: 'Elm St fibre', status: 'New', colour: 'None', archived: false } } };
const bundle = (name: string) => ({ file_name: name, file_type: 'pdf_bundle', sha256: 'b'.repeat(64), size: 9, content_type: 'application/pdf' });

describe('project decider', () => {
  it('given no project, when created empty, then ProjectCreated with status New, colour None, not archived', () => {
    const [e] = given(projectDecider, []).when({ type: 'CreateProject', projectId: '20', values: {} });
    expect(e).toEqual({ type: 'ProjectCreated', data: { id: '20', values: { archived: false, status: 'New', colour: 'None' } } });
  });

  it('given a project, when status, colour and work type come as the ids spec 1 numbers them, then they are kept as their names', () => {
    const [e] = given(projectDecider, [created]).when({ type: 'ReviseProject', values: projectFields.parse({ status: 7, colour: '4', work_type: 7 }) });
    expect(e).toEqual({ type: 'ProjectRevised', data: { changes: { status: { old: 'New', new: 'Won' }, colour: { old: 'None', new: 'Red' }, work_type: { old: null, new: 'Other...' } } } });
  });

  it('given an id beyond a list, then it is refused as any unknown choice', () => {
    expect(projectFields.safeParse({ status: 9 }).success).toBe(false);
    expect(projectFields.safeParse({ colour: 7 }).success).toBe(false);
    expect(projectFields.safeParse({ work_type: 8 }).success).toBe(false);
    expect(projectFields.parse({ status: '', work_type: null })).toEqual({ status: null, work_type: null });
  });

  it('given a project, when created again, then already_exists', () => {
    expect(refusedWith(() => given(projectDecider, [created]).when({ type: 'CreateProject', projectId: '20', values: {} })).code).toBe('already_exists');
  });

  it('given a project, when only archived is sent, then ProjectRevised carries that one change', () => {
    const [e] = given(projectDecider, [created]).when({ type: 'ReviseProject', values: { archived: true } });
    expect(e).toEqual({ type: 'ProjectRevised', data: { changes: { archived: { old: false, new: true } } } });
  });

  it('given a project, when revised with what it holds, then no event', () => {
    expect(given(projectDecider, [created]).when({ type: 'ReviseProject', values: { name: 'Elm St fibre' } })).toEqual([]);
  });

  it('given a deleted project, when a location is added, then not_found', () => {
    const g = given(projectDecider, [created, { type: 'ProjectDeleted', data: {} }]);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'project_locations', lineId: '1', values: {} })).code).toBe('not_found');
  });

  it('given a project with a PDF bundle, when a new bundle is added, then the old one is removed first', () => {
    const g = given(projectDecider, [created, { type: 'ProjectFileAdded', data: { id: '5', line: { id: '5', project: '20', ...bundle('old.pdf') } } }]);
    const { events, state } = g.then({ type: 'AddLine', collection: 'project_files', lineId: '6', values: bundle('new.pdf') });
    expect(events.map((e) => e.type)).toEqual(['ProjectFileRemoved', 'ProjectFileAdded']);
    expect(linesOfCollection(state.lines, projectFiles).map((f) => f.file_name)).toEqual(['new.pdf']);
  });

  it('given a note added, then it is stamped with the user and the time, and its status is Update', () => {
    const { state } = given(projectDecider, [created]).then({ type: 'AddLine', collection: 'project_notes', lineId: '7', values: { note: 'Walked the route' } });
    expect(linesOfCollection(state.lines, projectNotes)[0]).toMatchObject({ note: 'Walked the route', note_status: 'Update', created_by: 'Pat Office', created_date: meta().at, project: '20' });
  });

  it('given a location with a latitude past 90, then invalid naming latitude', () => {
    const e = refusedWith(() => given(projectDecider, [created]).when({ type: 'AddLine', collection: 'project_locations', lineId: '8', values: { latitude: 91 } }));
    expect(e.fields).toHaveProperty('latitude');
  });
});

describe('project dates that cannot be (issue 28)', () => {
  it('given a new project due before it starts, then refused naming the dates', () => {
    const e = refusedWith(() => given(projectDecider, []).when({ type: 'CreateProject', projectId: '20', values: projectFields.parse({ start_date: '2026-12-01', due_date: '2026-11-01' }) }));
    expect(Object.keys(e.fields).sort()).toEqual(['due_date', 'start_date']);
  });

  it('given a project, when an edit moves its start after its due date, then refused naming start_date', () => {
    const dated = given(projectDecider, [created]).then({ type: 'ReviseProject', values: projectFields.parse({ start_date: '2026-11-01', due_date: '2026-11-30' }) });
    const e = refusedWith(() => given(projectDecider, [created, ...dated.events]).when({ type: 'ReviseProject', values: projectFields.parse({ start_date: '2026-12-05' }) }));
    expect(e.fields).toEqual({ start_date: 'must not be after the due date (11/30/2026)' });
  });

  it('given a project already due before its start, when its name is saved with the dates sent back, then saved', () => {
    const bad: ProjectEvent = { type: 'ProjectRevised', data: { changes: { start_date: { old: null, new: '2026-12-01' }, due_date: { old: null, new: '2026-11-01' } } } };
    const [e] = given(projectDecider, [created, bad]).when({ type: 'ReviseProject', values: projectFields.parse({ name: 'Elm St', start_date: '2026-12-01', due_date: '2026-11-01' }) });
    expect(e.data).toEqual({ changes: { name: { old: 'Elm St fibre', new: 'Elm St' } } });
  });
});

describe('project view', () => {
  it('given lines, then the view shows days left, colour background, customers, latest note, first location and bundle', () => {
    const steps = [
      { type: 'ReviseProject', values: { due_date: '2026-11-24', colour: 'Green', customer: 'AT&T' } },
      { type: 'AddLine', collection: 'project_customers', lineId: '2', values: { customer: 'City of Tulsa' } },
      { type: 'AddLine', collection: 'project_customers', lineId: '3', values: { customer: 'AT&T' } },
      { type: 'AddLine', collection: 'project_locations', lineId: '4', values: { name: 'Yard', city: 'Tulsa', latitude: 36.15, longitude: -95.99 } },
      { type: 'AddLine', collection: 'project_notes', lineId: '5', values: { note: 'first' } },
      { type: 'AddLine', collection: 'project_notes', lineId: '6', values: { note: 'second' } },
      { type: 'AddLine', collection: 'project_files', lineId: '9', values: bundle('b.pdf') },
    ] as const;
    // Each command decided on the state the ones before it left, as the API does.
    const state = steps.reduce(
      (s, c) => projectDecider.decide(c as never, s, meta()).reduce((x, e) => projectDecider.evolve(x, e, meta()), s),
      given(projectDecider, [created]).state,
    );
    const v = projectView(state, '2026-11-22');
    expect(v).toMatchObject({
      project_days_left: 2,
      project_days_colour: 'red',
      colour_background: 'rgba(64, 192, 87, 0.7)',
      customer_names: 'AT&T, City of Tulsa',
      latest_note: 'second',
      location: { id: '4', name: 'Yard', city: 'Tulsa', latitude: 36.15, longitude: -95.99 },
      pdf_bundle: { id: '9', file_name: 'b.pdf' },
    });
  });
});
