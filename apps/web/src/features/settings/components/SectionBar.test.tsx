// @vitest-environment jsdom
/** The Settings section bar lists only the sections the signed-in user's role can use. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@trenchline/domain';
import { mount, type Mounted } from '../../../test/dom';
import { meKey, type User } from '../../auth';
import { SETTINGS_SECTIONS } from '../sections';
import { SectionBar } from './SectionBar';

const user = (role: Role): User => ({ id: '7', email: 'ann@example.com', display_name: 'Ann', account_id: '1', account_name: 'Acme', role });

describe('Settings section bar', () => {
  let ui: Mounted;
  afterEach(() => ui?.unmount());

  const listed = (role: Role) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Signed in already: the bar reads the role from the cached /auth/me answer.
    qc.setQueryData(meKey, user(role));
    ui = mount(
      <QueryClientProvider client={qc}>
        <SectionBar />
      </QueryClientProvider>,
    );
    return [...ui.container.querySelectorAll('nav[aria-label="Settings sections"] button')].map((b) => b.textContent);
  };

  it('given an admin, then every section is listed, Webhooks last', () => {
    const labels = listed('admin');
    expect(labels).toEqual(SETTINGS_SECTIONS.map((s) => s.label));
    expect(labels.at(-1)).toBe('Webhooks');
  });

  it.each(['office', 'auditor'] as const)('given a user who is %s, then Webhooks (which renders nothing for them) is not listed and every other section is', (role) => {
    const labels = listed(role);
    expect(labels).not.toContain('Webhooks');
    expect(labels).toEqual(SETTINGS_SECTIONS.filter((s) => s.id !== 'webhooks').map((s) => s.label));
  });
});
