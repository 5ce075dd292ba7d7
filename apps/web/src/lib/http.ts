/**
 * The one way the web talks HTTP to the API: same origin, session cookie sent, the csrftoken
 * cookie echoed in X-CSRFToken on every request (writes, and GETs that change something), errors parsed into ApiError, and "read your own
 * writes": the latest event position this client wrote is sent as X-Min-Position on list reads.
 * Every write carries an Idempotency-Key, and one that got no answer (a network error) is sent once
 * more with the same key, so it is never made twice (docs/offline.md).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ErrorBody {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  /** A 409's fields both changed (see components/record/conflictLogic.ts). */
  conflicts?: unknown[];
  current?: Record<string, unknown> & { version?: number };
  /** A resumable upload's 409: the byte it stands at (docs/offline.md "Resumable uploads"). */
  offset?: number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly method: string;
  readonly url: string;
  readonly body: ErrorBody;
  /** The raw response text (for the upload message 'status: response'). */
  readonly text: string;

  constructor(method: string, url: string, status: number, statusText: string, body: ErrorBody, text: string) {
    super(body.message || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.text = text;
  }

  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
  get isConflict() {
    return this.status === 409;
  }
  get isNotFound() {
    return this.status === 404;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The server's words for a failure, or the status line when it gave none. */
export function errorText(e: unknown): string {
  if (isApiError(e)) return e.body.message || e.text || `${e.status} ${e.statusText}`;
  if (e instanceof Error) return e.message;
  return String(e);
}

// ---- CSRF ------------------------------------------------------------------------------------

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

/** On every request, as the spec's client does: a GET that changes something needs it too. */
function csrfHeaders(): Record<string, string> {
  const token = readCookie('csrftoken');
  return token ? { 'X-CSRFToken': token } : {};
}

// ---- read your own writes -------------------------------------------------------------------

let latestPosition: string | null = null;

/**
 * Positions are the API's cursors into the event log: 'txid:position' (the Postgres store) or a
 * plain number. They compare part by part as integers.
 */
const POSITION = /^\d+(:\d+)*$/;

export function comparePositions(a: string, b: string): number {
  const pa = a.split(':').map(BigInt);
  const pb = b.split(':').map(BigInt);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0n;
    const y = pb[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Remember the event position of a write (header X-Position or body.position). */
export function notePosition(position: unknown) {
  if (position === null || position === undefined || position === '') return;
  const p = String(position);
  if (!POSITION.test(p)) return;
  if (latestPosition === null || comparePositions(p, latestPosition) > 0) latestPosition = p;
}

export const lastWritePosition = () => latestPosition;

/** For tests. */
export function resetPosition() {
  latestPosition = null;
}

// ---- requests --------------------------------------------------------------------------------

export interface RequestOptions {
  body?: unknown;
  /** Optimistic concurrency: the version of the record the user loaded. */
  ifMatch?: number | string | null;
  /** A list read: wait until the projections include this client's latest write. */
  list?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sent even as the page goes away (a preference saved on leaving). */
  keepalive?: boolean;
  /** A write's Idempotency-Key: a new one per call unless given (a write kept to send again later keeps its key). */
  idempotencyKey?: string;
}

// ---- never twice -----------------------------------------------------------------------------

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A random UUID (v4); crypto.randomUUID exists only on https or localhost, a tablet may reach the app on plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** fetch rejects only when no answer came (an answer, even a 500, resolves), or when aborted. */
const fetchGotNoAnswer = (e: unknown) => (e as { name?: string } | null)?.name !== 'AbortError';

/** A write that got no answer at all is sent once more: its key makes the second the first's answer if the first did arrive. */
async function onceMoreOnNetworkError<T>(send: () => Promise<T>, noAnswer: (e: unknown) => boolean): Promise<T> {
  try {
    return await send();
  } catch (e) {
    if (!noAnswer(e)) throw e;
    return send();
  }
}

async function parseBody(res: Response): Promise<{ json: unknown; text: string }> {
  const text = await res.text();
  if (!text) return { json: null, text };
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return { json: JSON.parse(text), text };
    } catch {
      return { json: null, text };
    }
  }
  return { json: null, text };
}

function buildHeaders(opts: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', ...csrfHeaders(), ...opts.headers });
  // Raw bytes are a resumable upload's chunk (docs/offline.md "Resumable uploads").
  if (opts.body instanceof Blob) headers.set('Content-Type', 'application/offset+octet-stream');
  else if (opts.body !== undefined && !(opts.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (opts.ifMatch !== undefined && opts.ifMatch !== null) headers.set('If-Match', String(opts.ifMatch));
  if (opts.list && latestPosition) headers.set('X-Min-Position', latestPosition);
  if (opts.idempotencyKey) headers.set('Idempotency-Key', opts.idempotencyKey);
  return headers;
}

/** A write needs the csrftoken cookie, which every API answer sets: fetch one first when missing. */
async function ensureCsrfCookie(method: string) {
  if (!isWrite(method) || readCookie('csrftoken')) return;
  await fetch('/api/auth/me', { credentials: 'same-origin' }).catch(() => undefined);
}

export async function request<T>(method: Method, url: string, opts: RequestOptions = {}): Promise<T> {
  await ensureCsrfCookie(method);
  const body =
    opts.body === undefined ? undefined : opts.body instanceof FormData || opts.body instanceof Blob ? opts.body : JSON.stringify(opts.body);
  const write = isWrite(method);
  const headers = buildHeaders(write ? { ...opts, idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey() } : opts);
  const res = await onceMoreOnNetworkError(() => fetch(url, { method, credentials: 'same-origin', headers, body, signal: opts.signal, keepalive: opts.keepalive }), (e) => write && fetchGotNoAnswer(e));
  const { json, text } = await parseBody(res);
  if (!res.ok) {
    const errBody = json && typeof json === 'object' ? (json as ErrorBody) : {};
    throw new ApiError(method, url, res.status, res.statusText, errBody, text);
  }
  // A GET that writes (the ticket approvals) says so with X-Position: a list read after it waits for it too.
  if (write || res.headers.has('X-Position')) {
    const bodyPosition = json && typeof json === 'object' ? (json as { position?: unknown }).position : undefined;
    notePosition(res.headers.get('X-Position') ?? bodyPosition);
  }
  return json as T;
}

export const http = {
  get: <T>(url: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', url, opts),
  /** A list read: sends X-Min-Position after this client's own writes. */
  list: <T>(url: string, opts?: Omit<RequestOptions, 'body' | 'list'>) => request<T>('GET', url, { ...opts, list: true }),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, { ...opts, body: body ?? {} }),
  put: <T>(url: string, body: unknown, opts?: RequestOptions) => request<T>('PUT', url, { ...opts, body }),
  patch: <T>(url: string, body: unknown, opts?: RequestOptions) => request<T>('PATCH', url, { ...opts, body }),
  del: <T = null>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, opts),
};

/** A network error of an upload (no answer at all), told apart from an answer that is an error. */
class NoAnswer extends Error {}

/**
 * A multipart upload with progress (fetch cannot report upload progress): POST, or PUT where a record
 * holds one file (the background picture). Progress is a whole percentage capped at 100. Fails with
 * an ApiError whose `text` is the server's response. Sent with an Idempotency-Key (a new one unless
 * given), once more with the same key when it got no answer.
 */
export async function upload<T>(url: string, form: FormData, onProgress?: (percent: number) => void, method: 'POST' | 'PUT' = 'POST', opts: { idempotencyKey?: string; headers?: Record<string, string> } = {}): Promise<T> {
  await ensureCsrfCookie(method);
  const key = opts.idempotencyKey ?? newIdempotencyKey();
  const send = () =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [k, v] of Object.entries(csrfHeaders())) xhr.setRequestHeader(k, v);
      xhr.setRequestHeader('Idempotency-Key', key);
      for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      };
      xhr.onload = () => {
        const text = xhr.responseText ?? '';
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          notePosition(xhr.getResponseHeader('X-Position') ?? (json as { position?: unknown } | null)?.position);
          resolve(json as T);
        } else {
          const body = json && typeof json === 'object' ? (json as ErrorBody) : {};
          reject(new ApiError(method, url, xhr.status, xhr.statusText, body, text));
        }
      };
      xhr.onerror = () => reject(new NoAnswer());
      xhr.send(form);
    });
  try {
    return await onceMoreOnNetworkError(send, (e) => e instanceof NoAnswer);
  } catch (e) {
    throw e instanceof NoAnswer ? new ApiError(method, url, 0, 'Network error', {}, '') : e;
  }
}
