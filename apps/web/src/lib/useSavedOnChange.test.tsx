// @vitest-environment jsdom
import { act, useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../test/dom';
import { useSavedOnChange } from './useSavedOnChange';

type Prefs = { findbox: string };
const changes = (saved: Prefs, now: Prefs): Partial<Prefs> => (saved.findbox === now.findbox ? {} : { findbox: now.findbox });

let type: (text: string) => void = () => {};
function FindBox({ save }: { save: (patch: Partial<Prefs>, opts: { keepalive: boolean }) => void }) {
  const [findbox, setFindbox] = useState('Main St');
  type = (text) => act(() => setFindbox(text));
  const [saved] = useState<Prefs>({ findbox: 'Main St' });
  const value = useMemo(() => ({ findbox }), [findbox]);
  useSavedOnChange(value, { saved, changes, save, delayMs: 600 });
  return null;
}

describe('useSavedOnChange', () => {
  let ui: Mounted | null = null;
  // What the screen sent, in order.
  let sent: [Partial<Prefs>, { keepalive: boolean }][];
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    ui = mount(<FindBox save={(patch, opts) => void sent.push([patch, opts])} />);
  });
  afterEach(() => {
    ui?.unmount();
    vi.useRealTimers();
  });

  it('given the value as saved, then nothing is sent, even when the screen goes', () => {
    act(() => vi.advanceTimersByTime(1000));
    ui?.unmount();
    ui = null;
    expect(sent).toEqual([]);
  });

  it('given typing, when it stops for the delay, then the last value is saved once', () => {
    type('Oak');
    act(() => vi.advanceTimersByTime(300));
    type('Oak Ave');
    act(() => vi.advanceTimersByTime(599));
    expect(sent).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(sent).toEqual([[{ findbox: 'Oak Ave' }, { keepalive: false }]]);
  });

  it('given a search cleared, when the screen goes at once, then the cleared search is sent then, kept alive', () => {
    type('');
    ui?.unmount();
    ui = null;
    expect(sent).toEqual([[{ findbox: '' }, { keepalive: true }]]);
    act(() => vi.advanceTimersByTime(1000));
    expect(sent).toHaveLength(1);
  });

  it('given a change pending, when the page is hidden (pagehide), then it is sent at once, kept alive, and not again later', () => {
    type('Elm');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(sent).toEqual([[{ findbox: 'Elm' }, { keepalive: true }]]);
    act(() => vi.advanceTimersByTime(1000));
    expect(sent).toHaveLength(1);
  });

  it('given a value typed back to what is saved before the delay, then nothing is sent', () => {
    type('Oak');
    type('Main St');
    act(() => vi.advanceTimersByTime(1000));
    expect(sent).toEqual([]);
  });
});
