/**
 * Whether the device has a network, as the browser says (navigator.onLine and its online/offline
 * events), shared with react-query's onlineManager so queries pause offline instead of failing.
 */
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** react-query assumes online until an event says otherwise; a page opened offline has had no event. */
export const startOnlineState = () => onlineManager.setOnline(browserOnline());

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** true online, false offline; re-renders on each change. */
export const useOnline = () => useSyncExternalStore(subscribe, browserOnline, () => true);
