import { describe, expect, it } from 'vitest';
import { fileHash } from '@trenchline/domain';
import { createHash } from 'node:crypto';
import { ApiError } from '../http';
import { CHUNK_BYTES, nextChunk, percentOf, sendAll, standsAt, type UploadProgress, type UploadServer } from './resumableLogic';

/** The protocol's server side in memory: sessions with their offset; a chunk at another offset is the server's 409; a network that drops after `dropAfter` chunks. */
function fakeServer(size: number, opts: { dropAfter?: number; lostAnswerAt?: number } = {}) {
  const sessions = new Map<string, number>();
  const calls: string[] = [];
  let sent = 0;
  const server: UploadServer = {
    start: async () => {
      const id = `s${sessions.size + 1}`;
      sessions.set(id, 0);
      calls.push(`start ${id}`);
      return { id, offset: 0 };
    },
    offset: async (id) => {
      calls.push(`ask ${id}`);
      return sessions.get(id) ?? null;
    },
    send: async (id, from, to) => {
      if (opts.dropAfter !== undefined && sent >= opts.dropAfter) throw new TypeError('Failed to fetch');
      const at = sessions.get(id);
      if (at === undefined) throw new ApiError('PATCH', id, 404, '', {}, '');
      if (at !== from) throw new ApiError('PATCH', id, 409, '', { error: 'upload_offset_mismatch', offset: at }, '');
      sessions.set(id, to);
      sent++;
      calls.push(`send ${id} ${from}-${to}`);
      // The bytes arrived but the answer did not: the client must learn where it stands from the server.
      if (opts.lostAnswerAt === from) throw new ApiError('PATCH', id, 409, '', { offset: to }, '');
      return to;
    },
  };
  return { server, sessions, calls, size };
}

const keeper = () => {
  const kept: UploadProgress[] = [];
  return { kept, keep: async (p: UploadProgress) => void kept.push(p) };
};

describe('chunks', () => {
  it('given a file of 2.5 chunks, then its chunks are two whole and one short, and none after the last byte', () => {
    const size = CHUNK_BYTES * 2 + CHUNK_BYTES / 2;
    expect(nextChunk(size, 0)).toEqual({ from: 0, to: CHUNK_BYTES });
    expect(nextChunk(size, CHUNK_BYTES * 2)).toEqual({ from: CHUNK_BYTES * 2, to: size });
    expect(nextChunk(size, size)).toBe(null);
  });

  it('given offsets, then the progress is whole percents, 100 only at the end', () => {
    expect(percentOf(1000, 0)).toBe(0);
    expect(percentOf(1000, 999)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
  });

  it("given a 409 naming where the upload stands, then that offset is read; any other error is not", () => {
    expect(standsAt(new ApiError('PATCH', 'x', 409, '', { offset: 42 }, ''))).toBe(42);
    expect(standsAt(new ApiError('PATCH', 'x', 409, '', { error: 'conflict' }, ''))).toBe(null);
    expect(standsAt(new TypeError('Failed to fetch'))).toBe(null);
  });
});

describe('sending resumably', () => {
  it('given a new file, when sent, then one session is made, every chunk goes once in order and each step is kept', async () => {
    const f = fakeServer(CHUNK_BYTES * 2 + 10);
    const k = keeper();

    const id = await sendAll(f.size, undefined, f.server, k.keep);

    expect(id).toBe('s1');
    expect(f.calls).toEqual(['start s1', `send s1 0-${CHUNK_BYTES}`, `send s1 ${CHUNK_BYTES}-${CHUNK_BYTES * 2}`, `send s1 ${CHUNK_BYTES * 2}-${f.size}`]);
    expect(k.kept.map((p) => p.offset)).toEqual([0, CHUNK_BYTES, CHUNK_BYTES * 2, f.size]);
  });

  it('given the network lost after one chunk, when sent again from what was kept (a tab closed and opened), then the offset is asked and the rest goes from there, in the same session', async () => {
    const f = fakeServer(CHUNK_BYTES * 3, { dropAfter: 1 });
    const k = keeper();
    await expect(sendAll(f.size, undefined, f.server, k.keep)).rejects.toThrow('Failed to fetch');
    const stood = k.kept[k.kept.length - 1];
    expect(stood).toEqual({ id: 's1', offset: CHUNK_BYTES });

    const back = fakeServer(f.size);
    back.sessions.set('s1', CHUNK_BYTES);
    const id = await sendAll(back.size, stood, back.server, k.keep);

    expect(id).toBe('s1');
    expect(back.calls).toEqual(['ask s1', `send s1 ${CHUNK_BYTES}-${CHUNK_BYTES * 2}`, `send s1 ${CHUNK_BYTES * 2}-${f.size}`]);
  });

  it('given a chunk whose answer was lost (the server has it), when the server says where it stands, then the next chunk goes from there and none twice', async () => {
    const f = fakeServer(CHUNK_BYTES * 2, { lostAnswerAt: 0 });

    await sendAll(f.size, undefined, f.server, keeper().keep);

    expect(f.calls).toEqual(['start s1', `send s1 0-${CHUNK_BYTES}`, `send s1 ${CHUNK_BYTES}-${f.size}`]);
  });

  it('given a kept session the server no longer has (expired), when sent, then a new one is made and the file goes whole', async () => {
    const f = fakeServer(10);

    const id = await sendAll(f.size, { id: 'gone', offset: 4 }, f.server, keeper().keep);

    expect(id).toBe('s1');
    expect(f.calls).toEqual(['ask gone', 'start s1', 'send s1 0-10']);
  });

  it('given a kept session known complete (its add may have consumed it), when sent, then nothing is asked or sent: the add goes again under its key', async () => {
    const f = fakeServer(10);

    expect(await sendAll(f.size, { id: 's9', offset: 10 }, f.server, keeper().keep)).toBe('s9');
    expect(f.calls).toEqual([]);
  });
});

describe('the file hash declared', () => {
  it('given a file hashed a piece at a time, then it is the sha256 the server computes', () => {
    const bytes = new TextEncoder().encode('a photo of a trench, '.repeat(1000));
    const h = fileHash();
    for (let at = 0; at < bytes.length; at += 1000) h.update(bytes.subarray(at, at + 1000));
    expect(h.hex()).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
