/** A crew's name, picked from Settings > Crews or typed; Enter submits. Shared by the job's and the locate's crews. */
import type { CSSProperties } from 'react';
import { Autocomplete } from '@mantine/core';

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
