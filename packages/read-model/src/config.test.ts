import { describe, expect, it } from 'vitest';
import { deploymentKey } from './config.ts';

describe('deploymentKey', () => {
  it('given two databases on one server, when their keys are derived, then they differ', () => {
    expect(deploymentKey('postgres://postgres@db:5432/alpha')).not.toBe(deploymentKey('postgres://postgres@db:5432/bravo'));
    expect(deploymentKey('postgres://postgres@db:5432/alpha')).not.toBe(deploymentKey('postgres://postgres@db2:5432/alpha'));
    expect(deploymentKey('postgres://postgres@db:5432/alpha')).not.toBe(deploymentKey('postgres://postgres@db:5433/alpha'));
  });

  it('given the same database written with another user, password, default port or host case, then the key is the same', () => {
    const key = deploymentKey('postgres://postgres@db:5432/alpha');
    expect(deploymentKey('postgres://app:secret@DB/alpha')).toBe(key);
    expect(deploymentKey('postgresql://postgres@db:5432/alpha?sslmode=require')).toBe(key);
  });

  it('given this machine spelt localhost, 127.0.0.1 or ::1, when the keys are derived, then they are one deployment', () => {
    const keys = ['postgres://postgres@localhost/tl', 'postgres://postgres@127.0.0.1:5432/tl', 'postgres://postgres@[::1]/tl'].map(deploymentKey);
    expect(new Set(keys).size).toBe(1);
    expect(deploymentKey('postgres://postgres@db.internal/tl')).not.toBe(keys[0]);
  });

  it('given a url with a password and a database name, when the key is derived, then neither shows in it', () => {
    const key = deploymentKey('postgres://app:hunter2@db.internal:5432/acme_prod');
    expect(key).toMatch(/^trenchline-[0-9a-f]{16}$/);
  });

  it('given a unix socket url, when the key is derived, then the socket folder names the host', () => {
    expect(deploymentKey('postgres:///alpha?host=/var/run/postgresql')).not.toBe(deploymentKey('postgres:///alpha?host=/tmp'));
  });
});
