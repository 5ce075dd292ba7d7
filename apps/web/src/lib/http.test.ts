import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparePositions, http, lastWritePosition, notePosition, resetPosition } from './http';

describe('read your own writes', () => {
  it("keeps the latest write position, comparing 'txid:position' cursors as numbers", () => {
    resetPosition();
    notePosition('3012:49');
    notePosition('3012:9');
    notePosition('not a cursor');
    expect(lastWritePosition()).toBe('3012:49');
    notePosition('3013:1');
    expect(lastWritePosition()).toBe('3013:1');
    expect(comparePositions('10', '9')).toBe(1);
  });
});

describe('a GET that writes', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (headers: Record<string, string>) => vi.fn(async () => new Response(JSON.stringify({ approved: ['7'] }), { status: 200, headers: { 'content-type': 'application/json', ...headers } }));

  it('given a GET answered with X-Position (the ticket approvals), then its position is kept, so the next list read waits for it', async () => {
    resetPosition();
    vi.stubGlobal('fetch', answer({ 'X-Position': '4100:12' }));
    await http.get('/api/tickets/ticket_approvals/?do=approve&ids=7');
    expect(lastWritePosition()).toBe('4100:12');
  });

  it('given a plain GET, then no position is kept', async () => {
    resetPosition();
    vi.stubGlobal('fetch', answer({}));
    await http.get('/api/tickets/');
    expect(lastWritePosition()).toBe(null);
  });
});
