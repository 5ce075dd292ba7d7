// @vitest-environment jsdom
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, type Mounted } from '../test/dom';
import { BulkZipButton } from '../components/record/BulkActions';
import { MESSAGE_FADE_MS, MESSAGE_SHOW_MS, useMessage } from './messages';
import { ME_KEY } from './offline/owner';

/** An office user, signed in: the bulk buttons are offered to whoever runs bulk actions. */
function signedInOffice() {
  const qc = new QueryClient();
  qc.setQueryData(ME_KEY, { id: '1', email: 'o@example.com', display_name: 'O', account_id: '1', account_name: 'Boring', role: 'office' });
  return qc;
}

function Shout() {
  const message = useMessage();
  return <button onClick={() => message('Saved successfully!')}>shout</button>;
}

const box = () => document.querySelector<HTMLElement>('[data-testid="message-box"]');

describe('message box', () => {
  let ui: Mounted;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    ui?.unmount();
    vi.useRealTimers();
  });

  it('shows a message for 2.5 s, fades it over 2.5 s, then removes it', () => {
    ui = mount(<Shout />);
    click(byText('shout'));
    expect(box()?.textContent).toBe('Saved successfully!');
    expect(box()?.style.opacity).toBe('1');
    act(() => vi.advanceTimersByTime(MESSAGE_SHOW_MS + 10));
    expect(box()?.style.opacity).toBe('0');
    expect(box()?.style.transition).toContain(`${MESSAGE_FADE_MS}ms`);
    act(() => vi.advanceTimersByTime(MESSAGE_FADE_MS));
    expect(box()).toBeNull();
  });

  it('asks to select rows when nothing is selected for the zip', () => {
    ui = mount(
      <QueryClientProvider client={signedInOffice()}>
        <BulkZipButton list="bids" records="bids" target={() => null} onDone={() => {}} />
      </QueryClientProvider>,
    );
    click(byText('Download PDF bundles'));
    expect(box()?.textContent).toBe('Please Select Rows first...');
  });
});
