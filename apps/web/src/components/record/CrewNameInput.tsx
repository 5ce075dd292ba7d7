/** A crew's name, picked from Settings > Crews or typed; Enter submits. Shared by the job's and the locate's crews. */
import { useState, type CSSProperties } from 'react';
import { Autocomplete } from '@mantine/core';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';

export const CREW_NAME_REQUIRED = 'Please enter a Crew name';

/** The names Settings > Crews offers, each once, less those already `taken` (the locate's own crews). */
export const crewNames = (catalog: readonly Record<string, unknown>[] | undefined, taken: ReadonlySet<string> = new Set()) =>
  [...new Set((catalog ?? []).map((c) => String(c.crew_name ?? '')).filter((n) => n && !taken.has(n)))];

/** What `useCrewNameEntry` hands its save: a saved crew empties the box, a refusal shows the API's words. */
interface CrewSaveOutcome {
  onSuccess(): void;
  onError(e: unknown): void;
}

/**
 * The crew name being entered, shared by the job's and the locate's crews so both check and answer
 * alike: a blank name says CREW_NAME_REQUIRED at once, typing clears the error, a saved crew empties
 * the box and says 'Crew successfully saved!', a refusal is shown under the box and as a message.
 */
export function useCrewNameEntry(save: (name: string, outcome: CrewSaveOutcome) => void, failureOf: (e: unknown) => string = errorText) {
  const message = useMessage();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (text: string) => {
    setError(text);
    message(text, 'error');
  };
  const submit = () => {
    setError(null);
    if (!name.trim()) return fail(CREW_NAME_REQUIRED);
    save(name.trim(), {
      onSuccess: () => {
        setName('');
        message('Crew successfully saved!', 'success');
      },
      onError: (e) => fail(failureOf(e)),
    });
  };
  const onChange = (v: string) => {
    setName(v);
    setError(null);
  };
  return { submit, inputProps: { value: name, onChange, error, onEnter: submit } };
}

interface Props {
  names: string[];
  value: string;
  onChange: (name: string) => void;
  onEnter: () => void;
  error: string | null;
  placeholder: string;
  w?: number;
  style?: CSSProperties;
}

export function CrewNameInput({ names, value, onChange, onEnter, error, placeholder, w, style }: Props) {
  return (
    <Autocomplete
      size="xs"
      w={w}
      style={style}
      aria-label="Crew name"
      placeholder={placeholder}
      data={names}
      value={value}
      onChange={onChange}
      error={error}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        }
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
