/**
 * The spec's client, as the specification describes the existing one ("the spec's client is the model
 * of an existing client"): it keeps the object a GET or POST answered, edits it in place as a form
 * does and PUTs it back whole, as often as the user saves; its form inputs hold numbers as text, so
 * every top-level number of a body goes as a string; it never sends If-Match (nor X-Min-Position);
 * the routine screens drop created_date and last_updated before saving (spec 1 section 5). Built on
 * tests/support/client.ts, so cookies and X-CSRFToken are the browser's.
 */
import { expect } from 'vitest';
import type { Client, Res } from '../support/client.ts';

export type Obj = Record<string, any>;

/** A body as the old client's inputs send it: top-level numbers as text, dropped keys left out. */
export function asSent(body: Obj, drop: readonly string[] = []): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(body)) {
    if (drop.includes(k)) continue;
    out[k] = typeof v === 'number' ? String(v) : v;
  }
  return out;
}

export interface Upload {
  name: string;
  type: string;
  content: string | Uint8Array;
}

export class SpecClient {
  /**
   * `dropOnSave`: keys the screen removes from every payload before a PUT (the routine screens:
   * created_date and last_updated).
   */
  constructor(
    readonly http: Client,
    readonly dropOnSave: readonly string[] = [],
  ) {}

  get = (path: string) => this.http.get(path);

  /** A GET whose answer the client keeps: anything but 200 fails here, naming the call. */
  async load<T = any>(path: string): Promise<T> {
    const r = await this.http.get(path);
    expect(r.status, `GET ${path} answered ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  }

  post = (path: string, body: Obj = {}) => this.http.post(path, asSent(body));

  /** A POST whose answer the client keeps (the new record or line): 200 or 201, else this fails naming the call. */
  async create(path: string, body: Obj = {}): Promise<Obj> {
    const r = await this.post(path, body);
    expect([200, 201], `POST ${path} answered ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
    return r.body;
  }

  /**
   * The user edits the kept object (the edits stay in it, as in a bound form) and saves: the whole
   * object goes back, with what the screen drops before saving (`drop` adds to dropOnSave).
   */
  save(path: string, kept: Obj, edits: Obj = {}, drop: readonly string[] = []): Promise<Res> {
    Object.assign(kept, edits);
    return this.http.put(path, asSent(kept, [...this.dropOnSave, ...drop]));
  }

  /** A PUT of a body the screen builds itself (not a kept object). */
  put = (path: string, body: Obj) => this.http.put(path, asSent(body, this.dropOnSave));

  del = (path: string) => this.http.del(path);

  /** A multipart POST or PUT (files: file plus the form's text fields). */
  upload(path: string, fields: Record<string, string>, file: Upload, method: 'POST' | 'PUT' = 'POST'): Promise<Res> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type }), file.name);
    return this.http.request(method, path, form);
  }

  /** Another user of the same account, with the same screen behaviour. */
  async colleague(displayName = 'Frank Field'): Promise<SpecClient> {
    return new SpecClient(await this.http.addColleague(displayName), this.dropOnSave);
  }
}

/** Another copy of a kept object, as a second browser holds it. */
export const copyOf = <T>(o: T): T => structuredClone(o);

/** The names of a spec's section 3 (space-separated) that an answered object lacks, as one text: a failure lists them. */
export const missingNames = (o: Obj | undefined, names: string) => names.split(' ').filter((n) => !(n in (o ?? {}))).join(' ');

/** A save from a stale object that another user's save of the same field must refuse: 409 naming the field, nothing written. */
export function expectConflict(r: Res, field: string, o: { yours: unknown; theirs: unknown; by: string }) {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.conflicts).toEqual(expect.arrayContaining([expect.objectContaining({ field, yours: o.yours, theirs: o.theirs, by: o.by, at: expect.any(String) })]));
  expect(r.body.message).toContain(field);
}

/** A value that is wrong even as the old client sends it: 400 naming the field. */
export function expectInvalid(r: Res, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty(field);
}

/** A line deleted already: 410 or 404 with a message saying so. */
export function expectGone(r: Res) {
  expect([404, 410], JSON.stringify(r.body)).toContain(r.status);
  expect(r.body.message).toMatch(/deleted|not found/i);
}

/**
 * A list read right after the client's own write: the first answer must show it. The old client sends
 * no X-Min-Position; the server keeps the session's last write and the read waits for it (docs/architecture.md
 * "Read your own writes"), so there is nothing to poll for.
 */
export async function readOwnWrite<T>(read: () => Promise<T>, ready: (t: T) => boolean, what: string): Promise<T> {
  const t = await read();
  expect(ready(t), `${what}: not in the first read after the client's own write (last: ${JSON.stringify(t).slice(0, 300)})`).toBe(true);
  return t;
}

/**
 * What the worker or another user writes reaches a list when it is done: a call that waits for it
 * polls (as a user would reload) until `ready` holds, without headers the old client never sent.
 */
export async function eventually<T>(read: () => Promise<T>, ready: (t: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const t = await read();
    if (ready(t)) return t;
    if (Date.now() > until) throw new Error(`${what}: not seen within 10 s (last: ${JSON.stringify(t)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
