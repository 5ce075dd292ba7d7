import { describe, expect, it } from 'vitest';
import { locateDecider } from './locate.ts';
import { locateSettingsDecider, locateRulesOf } from './locate-settings.ts';
import type { LocateEvent } from './events.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { locateNumbers } from './collections.ts';
import { locateView } from './view.ts';
import { locateFields } from './commands.ts';
import { DEFAULT_LOCATE_RULES } from './rules.ts';

const rules = DEFAULT_LOCATE_RULES;
const created: LocateEvent = {
  type: 'LocateCreated',
  data: { id: '30', values: { form_type: 'base_locate', locate_status: 'Active', current_ticket_type: 'New', archived: false, current_ticket_number: 'T-1', current_date_submitted: '2026-11-01', current_date_expiration: '2026-11-15' } },
};

describe('locate decider', () => {
  it('given no locate, when created with a form type, then Active, ticket type New, not archived', () => {
    const [e] = given(locateDecider, []).when({ type: 'CreateLocate', locateId: '30', values: { form_type: 'base_locate' }, rules });
    expect(e).toEqual({ type: 'LocateCreated', data: { id: '30', values: { form_type: 'base_locate', locate_status: 'Active', current_ticket_type: 'New', archived: false } } });
  });

  it('given a new locate with a submission date and no expiry, then the expiry is 14 days later', () => {
    const [e] = given(locateDecider, []).when({ type: 'CreateLocate', locateId: '30', values: locateFields.parse({ current_date_submitted: '2026-11-24' }), rules });
    expect((e.data as { values: Record<string, unknown> }).values.current_date_expiration).toBe('2026-12-08');
  });

  it('given a locate whose expiry the rule gave, when its submission moves, then the expiry follows; a typed expiry is kept', () => {
    const g = given(locateDecider, [created]);
    expect(g.when({ type: 'ReviseLocate', values: { current_date_submitted: '2026-11-03' }, rules })[0].data).toEqual({
      changes: { current_date_submitted: { old: '2026-11-01', new: '2026-11-03' }, current_date_expiration: { old: '2026-11-15', new: '2026-11-17' } },
    });
    const typed = given(locateDecider, [created, { type: 'LocateRevised', data: { changes: { current_date_expiration: { old: '2026-11-15', new: '2026-11-19' } } } }]);
    expect(typed.when({ type: 'ReviseLocate', values: { current_date_submitted: '2026-11-03' }, rules })[0].data).toEqual({ changes: { current_date_submitted: { old: '2026-11-01', new: '2026-11-03' } } });
  });

  it('given a New ticket type, when first opened, then LocateFirstOpened makes it Normal with who and when; a second open records nothing', () => {
    const g = given(locateDecider, [created]);
    const { events, state } = g.then({ type: 'OpenLocate' });
    expect(events).toEqual([{ type: 'LocateFirstOpened', data: { changes: { current_ticket_type: { old: 'New', new: 'Normal' } } } }]);
    expect(state.fields.current_ticket_type).toBe('Normal');
    expect(locateView(state, '2026-11-20')).toMatchObject({ opened_by: 'Pat Office', opened_at: '2026-11-20T15:00:00.000Z' });
    expect(given(locateDecider, [created, ...events]).when({ type: 'OpenLocate' })).toEqual([]);
  });

  it('given a locate with its first ticket, when re-upped twice, then the history holds the chain first to current and the current fields are the newest', () => {
    const first = given(locateDecider, [created]).then({ type: 'ReUpLocate', values: { ticket_number: 'T-2', date_submitted: '2026-11-13' }, base: 1, lineIds: ['41', '42'], today: '2026-11-13', rules });
    const [e] = first.events;
    expect(e.type).toBe('LocateReUpped');
    const h1 = linesOfCollection(first.state.lines, locateNumbers);
    expect(h1.map((l) => [l.id, l.ticket_number, l.remarks])).toEqual([['41', 'T-1', 'Original ticket'], ['42', 'T-2', null]]);
    expect(h1[1]).toMatchObject({ ticket_type: 'Update', date_submitted: '2026-11-13', work_date: '2026-11-15', date_expiration: '2026-11-29' });
    expect(first.state.fields).toMatchObject({ current_ticket_number: 'T-2', current_ticket_type: 'Update', current_date_submitted: '2026-11-13', current_work_date: '2026-11-15', current_date_expiration: '2026-11-29' });

    const second = given(locateDecider, [created, ...first.events]).then({ type: 'ReUpLocate', values: { ticket_number: 'T-3' }, base: 2, lineIds: ['43', '44'], today: '2026-11-27', rules });
    const h2 = linesOfCollection(second.state.lines, locateNumbers);
    expect(h2.map((l) => l.id)).toEqual(['41', '42', '43']);
    const view = locateView(second.state, '2026-11-27');
    expect(view.ticket_chain).toEqual(['T-1', 'T-2', 'T-3']);
    expect(view.re_up_count).toBe(2);
    expect(view).toMatchObject({ current_ticket_number: 'T-3', current_date_expiration: '2026-12-13', locate_days_left: 16 });
  });

  it('given a re-up without a ticket number, then the current number is kept; the history gets no copy of the original', () => {
    const { state } = given(locateDecider, [created]).then({ type: 'ReUpLocate', values: {}, base: 1, lineIds: ['41', '42'], today: '2026-11-13', rules });
    expect(linesOfCollection(state.lines, locateNumbers).map((l) => [l.id, l.ticket_number])).toEqual([['41', 'T-1']]);
  });

  it('given a deleted locate, when re-upped or opened, then not_found', () => {
    const gone = given(locateDecider, [created, { type: 'LocateDeleted', data: {} }]);
    expect(refusedWith(() => gone.when({ type: 'ReUpLocate', values: {}, base: 1, lineIds: ['1', '2'], today: '2026-11-13', rules })).code).toBe('not_found');
    expect(refusedWith(() => gone.when({ type: 'OpenLocate' })).code).toBe('not_found');
  });

  it('given a re-up with a bad date, then invalid naming the field', () => {
    const e = refusedWith(() => given(locateDecider, [created]).when({ type: 'ReUpLocate', values: { work_date: '2026-13-01' } as never, base: 1, lineIds: ['1', '2'], today: '2026-11-13', rules }));
    expect(e.fields).toHaveProperty('work_date');
  });
});

describe('one re-up per ticket (issue 29)', () => {
  /** The locate's stream folded as the command handler folds it: each event with its version. */
  const stream = (events: LocateEvent[], by = meta()) => events.reduce((s, e, i) => locateDecider.evolve(s, e, { ...by, version: i + 1 }), locateDecider.initialState);
  const reUp = (ticket_number: string, base: number, lineIds: [string, string]) => ({ type: 'ReUpLocate' as const, values: { ticket_number }, base, lineIds, today: '2026-11-13', rules });
  const frank = meta({ userId: '8', userName: 'Frank Field' });
  const firstReUp = (() => {
    const [e] = locateDecider.decide(reUp('T-2', 1, ['41', '42']), stream([created]), frank);
    return e;
  })();

  it('given a locate Frank re-upped at version 2, when a re-up based on version 1 (the ticket Frank replaced) comes, then a conflict naming the newer ticket and who, nothing decided', () => {
    const state = stream([created, firstReUp], frank);
    const e = refusedWith(() => locateDecider.decide(reUp('T-3', 1, ['43', '44']), state, meta()));
    expect(e.code).toBe('conflict');
    expect(e.message).toBe('This locate was re-upped meanwhile (T-2 by Frank Field): re-up the current ticket if it still needs one');
  });

  it('given a locate re-upped at version 2 and a note added at 3, when a re-up based on version 2 comes, then it is made: only a re-up since its base refuses it', () => {
    const [note] = locateDecider.decide({ type: 'AddLine', collection: 'locate_notes', lineId: '45', values: { note: 'Marks flagged' } }, stream([created, firstReUp]), meta());
    const state = stream([created, firstReUp, note]);
    const [e] = locateDecider.decide(reUp('T-3', 2, ['46', '47']), state, meta());
    expect(e.type).toBe('LocateReUpped');
    const next = locateDecider.evolve(state, e, { ...meta(), version: 4 });
    expect(locateView(next, '2026-11-13').ticket_chain).toEqual(['T-1', 'T-2', 'T-3']);
    expect(next.last_reup).toEqual({ version: 4, by: 'Pat Office' });
  });

  it('given a re-up based on the current version whose line ids were handed out before those of a re-up now in the history, then a conflict: it would read before an older ticket', () => {
    const state = stream([created, firstReUp]);
    expect(refusedWith(() => locateDecider.decide(reUp('T-3', 2, ['40', '43']), state, meta())).code).toBe('conflict');
    expect(refusedWith(() => locateDecider.decide(reUp('T-3', 2, ['42', '43']), state, meta())).code).toBe('conflict');
    expect(locateDecider.decide(reUp('T-3', 2, ['43', '44']), state, meta())).toHaveLength(1);
  });
});

describe('locate settings', () => {
  it('given none, when opened, then the spec rules; a revision to working days with holidays gives those rules', () => {
    const opened = given(locateSettingsDecider, []).then({ type: 'OpenRecord', id: '5' });
    expect(locateRulesOf(opened.state)).toEqual(DEFAULT_LOCATE_RULES);
    const revised = given(locateSettingsDecider, opened.events).then({ type: 'ReviseLocateSettings', values: { ticket_life_basis: 'working', ticket_life_days: 10 } });
    const withHoliday = given(locateSettingsDecider, [...opened.events, ...revised.events]).then(
      { type: 'AddLine', collection: 'locate_holidays', lineId: '6', values: { date: '2026-11-26', name: 'Thanksgiving' } },
      meta(),
    );
    expect(locateRulesOf(withHoliday.state)).toEqual({ ticket_life_days: 10, ticket_life_basis: 'working', work_wait_days: 2, reup_lead_days: 2, holidays: ['2026-11-26'] });
  });
});

describe('dates that cannot be (issue 28)', () => {
  it('given a new locate whose expiry is before its submission or work date, then 400 naming the fields', () => {
    const e = refusedWith(() => given(locateDecider, []).when({ type: 'CreateLocate', locateId: '30', values: locateFields.parse({ current_date_submitted: '2026-11-24', current_date_expiration: '2026-11-20' }), rules }));
    expect(Object.keys(e.fields).sort()).toEqual(['current_date_expiration', 'current_date_submitted']);
    const late = refusedWith(() => given(locateDecider, []).when({ type: 'CreateLocate', locateId: '30', values: locateFields.parse({ current_date_submitted: '2026-11-01', current_work_date: '2026-11-20', current_date_expiration: '2026-11-15' }), rules }));
    expect(late.fields).toMatchObject({ current_date_expiration: 'must not be before the work date (11/20/2026)' });
  });

  it('given a locate, when an edit moves the expiry before its submission date, then refused naming the expiry', () => {
    const e = refusedWith(() => given(locateDecider, [created]).when({ type: 'ReviseLocate', values: { current_date_expiration: '2026-10-31' }, rules }));
    expect(e.fields).toEqual({ current_date_expiration: 'must not be before the submission date (11/01/2026)' });
  });

  it('given a locate already holding an expiry before its submission, when an edit changes another field, then saved; when it moves the expiry and it stays bad, refused', () => {
    const bad: LocateEvent = { type: 'LocateRevised', data: { changes: { current_date_expiration: { old: '2026-11-15', new: '2026-10-20' } } } };
    const g = given(locateDecider, [created, bad]);
    expect(g.when({ type: 'ReviseLocate', values: { locate_status: 'Marked', current_date_submitted: '2026-11-01', current_date_expiration: '2026-10-20' }, rules })[0].data).toEqual({ changes: { locate_status: { old: 'Active', new: 'Marked' } } });
    expect(refusedWith(() => g.when({ type: 'ReviseLocate', values: { current_date_expiration: '2026-10-21' }, rules })).fields).toHaveProperty('current_date_expiration');
  });

  it('given a locate number line, when its expiry is set before its work date, then refused naming date_expiration', () => {
    const reUpped = given(locateDecider, [created]).then({ type: 'ReUpLocate', values: { ticket_number: 'T-2', date_submitted: '2026-11-13' }, base: 1, lineIds: ['41', '42'], today: '2026-11-13', rules });
    const e = refusedWith(() => given(locateDecider, [created, ...reUpped.events]).when({ type: 'ReviseLine', collection: 'locate_numbers', lineId: '42', values: { date_expiration: '2026-11-14' } }));
    expect(e.fields).toEqual({ date_expiration: 'must not be before the work date (11/15/2026)' });
  });

  it('given a locate submitted 11/01 working 11/03, when re-upped with a submission, work date or expiry before the current ticket\'s, then refused naming each', () => {
    const g = given(locateDecider, [created, { type: 'LocateRevised', data: { changes: { current_work_date: { old: null, new: '2026-11-03' } } } }]);
    const reUp = (values: Record<string, unknown>) => refusedWith(() => g.when({ type: 'ReUpLocate', values, base: 2, lineIds: ['41', '42'], today: '2026-11-13', rules }));
    expect(reUp({ date_submitted: '2026-10-30' }).fields).toMatchObject({ date_submitted: 'must not be before the submission date of the ticket it replaces (11/01/2026)' });
    expect(reUp({ work_date: '2026-11-02' }).fields).toEqual({ work_date: 'must not be before the work date of the ticket it replaces (11/03/2026)' });
    expect(reUp({ date_expiration: '2026-11-14' }).fields).toMatchObject({ date_expiration: 'must not be before the work date (11/15/2026)' });
    expect(reUp({ date_submitted: '2026-11-02', work_date: '2026-11-04', date_expiration: '2026-11-10' }).fields).toEqual({ date_expiration: 'must not be before the expiry of the ticket it replaces (11/15/2026)' });
    expect(g.when({ type: 'ReUpLocate', values: {}, base: 1, lineIds: ['41', '42'], today: '2026-11-13', rules })).toHaveLength(1);
  });
});

