import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparePositions, http, lastWritePosition, newIdempotencyKey, notePosition, resetPosition, upload } from './http';

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

describe('never twice: an Idempotency-Key on every write', () => {
  afterEach(() => vi.unstubAllGlobals());
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const created = () => new Response(JSON.stringify({ id: '7' }), { status: 201, headers: { 'content-type': 'application/json' } });
  /** The API calls fetch was given (the csrftoken fetch of /api/auth/me left out) and the key each carried. */
  const keysSent = (fetch: ReturnType<typeof vi.fn>) =>
    fetch.mock.calls.filter(([url]) => url !== '/api/auth/me').map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));

  it('given two writes and a read, then each write carries a key of its own and the read none', async () => {
    const fetch = vi.fn(async () => created());
    vi.stubGlobal('fetch', fetch);
    await http.post('/api/tickets/', { title: 'A' });
    await http.put('/api/tickets/7/', { title: 'B' });
    await http.get('/api/tickets/7/');
    const [a, b, read] = keysSent(fetch);
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    expect(read).toBe(null);
  });

  it("given a caller's own key (a write kept to send later), then that key is sent", async () => {
    const fetch = vi.fn(async () => created());
    vi.stubGlobal('fetch', fetch);
    await http.post('/api/tickets/', { title: 'Kept' }, { idempotencyKey: 'kept-write-1' });
    expect(keysSent(fetch)).toEqual(['kept-write-1']);
  });

  it('given a write that gets no answer (fetch rejects), then it is sent once more with the same key, and its answer is the answer', async () => {
    let tries = 0;
    const fetch = vi.fn(async (url: string) => {
      if (url !== '/api/auth/me' && tries++ === 0) throw new TypeError('Failed to fetch');
      return created();
    });
    vi.stubGlobal('fetch', fetch);
    expect(await http.post('/api/tickets/', { title: 'Flaky network' })).toEqual({ id: '7' });
    const [first, second] = keysSent(fetch);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });

  it('given a write that gets no answer twice, then it fails; an answer that is an error, or a read without answer, is not sent again', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    await expect(http.post('/api/tickets/', {})).rejects.toThrow('Failed to fetch');
    expect(keysSent(offline)).toHaveLength(2);
    await expect(http.get('/api/tickets/')).rejects.toThrow('Failed to fetch');
    expect(keysSent(offline)).toHaveLength(3);

    const failing = vi.fn(async () => new Response('{"error":"server_error"}', { status: 500, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', failing);
    await expect(http.post('/api/tickets/', {})).rejects.toMatchObject({ status: 500 });
    expect(keysSent(failing)).toHaveLength(1);
  });

  it('given an upload that gets no answer, then it is sent once more with the same key', async () => {
    const sent: (string | undefined)[] = [];
    let answers = 0;
    class FakeXhr {
      status = 0;
      statusText = '';
      responseText = '';
      upload: { onprogress?: unknown } = {};
      onload?: () => void;
      onerror?: () => void;
      private headers: Record<string, string> = {};
      open() {}
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      getResponseHeader() {
        return null;
      }
      send() {
        sent.push(this.headers['Idempotency-Key']);
        if (answers++ === 0) return queueMicrotask(() => this.onerror?.());
        [this.status, this.responseText] = [201, '{"id":"9"}'];
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('fetch', vi.fn(async () => created()));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    expect(await upload('/api/tickets/7/photos/', new FormData())).toEqual({ id: '9' });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(UUID);
    expect(sent[1]).toBe(sent[0]);
  });

  it('given no crypto.randomUUID (plain http on a tablet), then a key is still a random UUID', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array<ArrayBuffer>) => real.getRandomValues(b) });
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).toMatch(UUID);
    expect(a).not.toBe(b);
  });
});
