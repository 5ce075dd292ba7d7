import { signupCode } from './mail.ts';

/**
 * An HTTP client that behaves like the browser: keeps cookies, sends X-CSRFToken on every request, and
 * remembers the last write position for X-Min-Position.
 */
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Client {
  cookies = new Map<string, string>();
  lastPosition: string | null = null;
  constructor(readonly base: string) {}

  get csrf() {
    return this.cookies.get('csrftoken');
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h: Record<string, string> = { cookie: this.cookieHeader(), ...headers };
    // On every request, as the spec's client does (a GET that changes something needs it).
    if (this.csrf && !('X-CSRFToken' in headers)) h['X-CSRFToken'] = this.csrf;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body instanceof Uint8Array) {
      // Raw bytes: a resumable upload's chunk.
      payload = new Uint8Array(body);
      h['content-type'] ??= 'application/offset+octet-stream';
    }
    else if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const r = await fetch(this.base + path, { method, headers: h, body: payload });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const v = pair.slice(i + 1);
      if (/Expires=Thu, 01 Jan 1970/.test(c) || v === '') this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), v);
    }
    const text = r.status === 204 ? '' : await r.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    const pos = r.headers.get('x-position');
    if (pos) this.lastPosition = pos;
    return { status: r.status, body: parsed as T, headers: r.headers };
  }

  get = <T = any>(p: string, headers?: Record<string, string>) => this.request<T>('GET', p, undefined, headers);
  /** A GET whose answer is a file: its bytes, not text. Redirects are not followed (a 303 is an answer). */
  async download(path: string, headers: Record<string, string> = {}) {
    const r = await fetch(this.base + path, { headers: { cookie: this.cookieHeader(), ...(this.csrf ? { 'X-CSRFToken': this.csrf } : {}), ...headers }, redirect: 'manual' });
    const pos = r.headers.get('x-position');
    if (pos) this.lastPosition = pos;
    return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()), headers: r.headers };
  }
  post = <T = any>(p: string, b?: unknown, headers?: Record<string, string>) => this.request<T>('POST', p, b ?? {}, headers);
  put = <T = any>(p: string, b?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', p, b ?? {}, headers);
  patch = <T = any>(p: string, b?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', p, b ?? {}, headers);
  del = <T = any>(p: string, headers?: Record<string, string>) => this.request<T>('DELETE', p, undefined, headers);
  /** A list read that includes this client's own last write. */
  list = <T = any>(p: string) => this.get<T>(p, this.lastPosition ? { 'X-Min-Position': this.lastPosition } : {});

  /**
   * Another user of this client's account, added through Settings > Users and signed in. An admin unless
   * `role` says otherwise, so a test about something else may do all its first user may (docs/roles.md).
   */
  async addColleague(displayName = 'Frank Field', role: 'admin' | 'office' | 'field' | 'auditor' = 'admin'): Promise<Client> {
    const email = `${displayName.toLowerCase().replace(/\W/g, '')}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const added = await this.post('/api/settings/users/', { display_name: displayName, email, password: 'correct horse battery', role });
    if (added.status !== 201) throw new Error(`adding a user failed: ${added.status} ${JSON.stringify(added.body)}`);
    const c = new Client(this.base);
    await c.get('/api/auth/me');
    const r = await c.post('/api/auth/login', { email, password: 'correct horse battery' });
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    return c;
  }

  /** A new account and its first user, signed in: sign-up, then the code from the mail (docs/accounts.md). */
  static async signUp(base: string, who = 'Office'): Promise<Client> {
    const email = `${who.toLowerCase().replace(/\W/g, '')}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    return Client.signUpAs(base, { account_name: `${who} Co`, display_name: `${who} User`, email, password: 'correct horse battery' });
  }

  static async signUpAs(base: string, fields: { account_name: string; display_name: string; email: string; password: string }): Promise<Client> {
    const c = new Client(base);
    await c.get('/api/auth/me');
    const asked = await c.post('/api/auth/signup', fields);
    if (asked.status !== 202) throw new Error(`signup failed: ${asked.status} ${JSON.stringify(asked.body)}`);
    const r = await c.post('/api/auth/signup/confirm', { email: fields.email, code: await signupCode(base, fields.email) });
    if (r.status !== 201) throw new Error(`signup confirmation failed: ${r.status} ${JSON.stringify(r.body)}`);
    return c;
  }
}
