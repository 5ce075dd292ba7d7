/**
 * The message box of every screen (spec 1, shared conventions): a transient message shown for
 * 2.5 s that then fades out over 2.5 s. A new message replaces the current one and restarts the
 * clock. Errors that must not be lost are also shown where they happened (forms, modals).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** Shown while a list or record loads (spec 2, shared behaviours). */
export const WAIT_MESSAGE = 'Fetching and processing records, please wait...';
export const MESSAGE_SHOW_MS = 2500;
export const MESSAGE_FADE_MS = 2500;

/** `warning`: yellow, said and never blocking (a production entered where the locates have expired). */
export type MessageTone = 'info' | 'success' | 'error' | 'warning';

interface Message {
  seq: number;
  text: string;
  tone: MessageTone;
}

type Show = (text: string, tone?: MessageTone) => void;

const MessagesContext = createContext<Show | null>(null);

export function useMessage(): Show {
  const show = useContext(MessagesContext);
  if (!show) throw new Error('useMessage outside <MessagesProvider>');
  return show;
}

export function MessagesProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const seq = useRef(0);
  const show = useCallback<Show>((text, tone = 'info') => {
    seq.current += 1;
    setMessage({ seq: seq.current, text, tone });
  }, []);
  const clear = useCallback((s: number) => setMessage((m) => (m && m.seq === s ? null : m)), []);
  const value = useMemo(() => show, [show]);
  return (
    <MessagesContext.Provider value={value}>
      {children}
      {message && <MessageBox key={message.seq} message={message} onDone={clear} />}
    </MessagesContext.Provider>
  );
}

const toneColour: Record<MessageTone, string> = {
  info: 'var(--mantine-color-dark-6)',
  success: 'var(--mantine-color-teal-8)',
  error: 'var(--mantine-color-red-8)',
  warning: 'var(--mantine-color-yellow-4)',
};

function MessageBox({ message, onDone }: { message: Message; onDone: (seq: number) => void }) {
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), MESSAGE_SHOW_MS);
    const done = setTimeout(() => onDone(message.seq), MESSAGE_SHOW_MS + MESSAGE_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [message.seq, onDone]);
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="message-box"
      data-tone={message.tone}
      shadow="md"
      px="md"
      py={8}
      style={{
        position: 'fixed',
        top: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1000,
        background: toneColour[message.tone],
        color: message.tone === 'warning' ? 'var(--mantine-color-dark-8)' : 'white',
        maxWidth: 'min(640px, 90vw)',
        opacity: fading ? 0 : 1,
        transition: `opacity ${MESSAGE_FADE_MS}ms linear`,
        pointerEvents: fading ? 'none' : 'auto',
      }}
    >
      <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap' }}>
        {message.text}
      </Text>
    </Paper>
  );
}
