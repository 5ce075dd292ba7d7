/** A tiny harness for component tests in jsdom (no extra testing library needed). */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { BulkToastsProvider } from '../components/record/BulkToasts';
import { MessagesProvider } from '../lib/messages';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Mantine reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount: () => void;
}

export function mount(ui: ReactNode): Mounted {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <MantineProvider>
        <MessagesProvider>
          <BulkToastsProvider>{ui}</BulkToastsProvider>
        </MessagesProvider>
      </MantineProvider>,
    ),
  );
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export const click = (el: Element | null) => {
  if (!el) throw new Error('nothing to click');
  act(() => (el as HTMLElement).click());
};

export const byText = (text: string, selector = 'button') =>
  [...document.querySelectorAll(selector)].find((e) => e.textContent?.trim() === text) ?? null;
