import { describe, expect, it } from 'vitest';
import path from 'node:path';
// @ts-expect-error: a plain JS module of the lint config, without types
import { crossing } from './boundaries.js';

const root = path.resolve(import.meta.dirname, '../..');
const at = (rel: string) => `${root}/${rel}`;

describe('the shape rule', () => {
  it('refuses an app importing another app, by path or by package name', () => {
    expect(crossing(at('apps/api/src/platform/health.ts'), '../../../projector/src/registry.ts')).toMatch(/apps\/api imports only packages/);
    expect(crossing(at('apps/worker/src/run.ts'), '@trenchline/projector/shared/live.ts')).toMatch(/apps\/worker imports only packages/);
  });

  it('lets an app import packages and its own files, and tests import apps', () => {
    expect(crossing(at('apps/api/src/platform/health.ts'), '@trenchline/platform')).toBeNull();
    expect(crossing(at('apps/api/src/platform/health.ts'), './errors.ts')).toBeNull();
    expect(crossing(at('tests/support/app.ts'), '@trenchline/api')).toBeNull();
    expect(crossing(at('apps/web/src/main.tsx'), 'react')).toBeNull();
  });

  it('refuses a package importing an app', () => {
    expect(crossing(at('packages/platform/src/live.ts'), '@trenchline/worker')).toBe('packages never import apps.');
  });

  it('lets a web feature reach another only through its index.ts', () => {
    const form = at('apps/web/src/features/jobs/components/JobForm.tsx');
    expect(crossing(form, '../../settings')).toBeNull();
    expect(crossing(form, '../../settings/index.ts')).toBeNull();
    expect(crossing(form, '../../settings/api/listCatalog')).toMatch(/only through features\/settings\/index.ts/);
    expect(crossing(form, '../api/getJob')).toBeNull();
    expect(crossing(at('apps/web/src/app/router.tsx'), '../features/auth/components/LoginPage')).toMatch(/features\/auth/);
  });

  it('lets features/jobs reach only settings, reports and auth: other areas come through the slot registry', () => {
    const page = at('apps/web/src/features/jobs/components/JobSections.tsx');
    expect(crossing(page, '../../settings')).toBeNull();
    expect(crossing(page, '../../reports/index.ts')).toBeNull();
    expect(crossing(page, '../../auth')).toBeNull();
    expect(crossing(page, '../../../components/slots/slots')).toBeNull();
    expect(crossing(page, '../../locates')).toMatch(/features\/jobs imports no other feature but settings, reports, auth/);
    expect(crossing(at('apps/web/src/features/jobs/components/orca/OrcaTable.tsx'), '../../../tickets/index.ts')).toMatch(/slot registry/);
    expect(crossing(at('apps/web/src/features/locates/components/LocateListPage.tsx'), '../../jobs')).toBeNull();
    expect(crossing(at('apps/web/src/app/slots.ts'), '../features/locates')).toBeNull();
  });
});
