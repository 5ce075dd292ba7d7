import { describe, expect, it } from 'vitest';
import { canPost, helpFormLogic, savedMessageOf, sizeText, toPayload, updatesNewestFirst } from './formLogic';

describe("the help ticket form's logic", () => {
  it('given a ticket, then the form holds only the fields the detail edits', () => {
    const v = helpFormLogic.valuesOf({ id: '5', subject: 'Report hangs', update_count: 2, submitted_by: '7' });
    expect(Object.keys(v)).not.toContain('submitted_by');
    expect(Object.keys(v)).not.toContain('update_count');
    expect(v.subject).toBe('Report hangs');
    expect(v.completion_date).toBeNull();
  });

  it('when saved, then blank text is null and archived a flag', () => {
    expect(
      toPayload({ subject: ' ', description: 'It hangs', ticket_type: 'App Issue', priority: null, submitter_mood: 'Meh', ticket_status: 'Open', submitter_status: 'New', our_status: 'Read', completion_date: '', archived: null }),
    ).toEqual({ subject: null, description: 'It hangs', ticket_type: 'App Issue', priority: null, submitter_mood: 'Meh', ticket_status: 'Open', submitter_status: 'New', our_status: 'Read', completion_date: null, archived: false });
  });

  it('given a save that closed the ticket (the answer archived), then it says Archived!; otherwise Saved successfully!', () => {
    expect(savedMessageOf({ archived: false }, { archived: true })).toBe('Archived!');
    expect(savedMessageOf({ archived: false }, { archived: false })).toBe('Saved successfully!');
    expect(savedMessageOf({ archived: true }, { archived: true })).toBe('Saved successfully!');
  });

  it('given updates, then the newest is first, ties by the later id', () => {
    const u = [
      { id: '9', created_date: '2026-11-20T10:00:00Z' },
      { id: '10', created_date: '2026-11-21T09:00:00Z' },
      { id: '11', created_date: '2026-11-20T10:00:00Z' },
    ];
    expect(updatesNewestFirst(u).map((x) => x.id)).toEqual(['10', '11', '9']);
    expect(updatesNewestFirst(undefined)).toEqual([]);
  });

  it('given an update of blanks, then it cannot be posted', () => {
    expect(canPost('  \n ')).toBe(false);
    expect(canPost('Fixed')).toBe(true);
  });

  it("given a file's size, then it reads in B, KB or MB", () => {
    expect(sizeText(812)).toBe('812 B');
    expect(sizeText(14_500)).toBe('14 KB');
    expect(sizeText(3_355_443)).toBe('3.2 MB');
    expect(sizeText(null)).toBe('');
  });
});
