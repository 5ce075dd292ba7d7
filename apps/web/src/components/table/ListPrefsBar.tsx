import { useEffect, useState } from 'react';
import { Button, Group, Switch, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { todayIso } from '../../lib/dates';
import { pickerPresets, presetLabel, presetOf, type ListPrefs } from '../../lib/listPrefs';
import { useCan } from '../../features/auth';

interface Props {
  prefs: ListPrefs;
  onChange: (next: ListPrefs) => void;
  /** The preferences differ from the list on screen: Refresh lights up. */
  changed: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** What the bar chooses, e.g. 'Which projects'. */
  label: string;
  /** What Public mode hides, e.g. 'Hide PO amounts, for showing the list to a customer'. */
  publicModeHint: string;
}

/**
 * Which records a ranged list asks for (projects, jobs, all other jobs): Active and Archived toggles, the date range with its presets,
 * Live & future, and Public mode. A change lights Refresh, which saves them and reloads the list.
 */
export function ListPrefsBar({ prefs, onChange, changed, onRefresh, refreshing, label, publicModeHint }: Props) {
  const today = todayIso();
  // Public mode hides money: nothing to hide from a role that sees none.
  const seesMoney = useCan()('see money');
  const set = (patch: Partial<ListPrefs>) => onChange({ ...prefs, ...patch });
  const preset = presetOf(prefs, today);
  // The picker holds a half-picked range (first day clicked) until its second day is picked.
  const [picking, setPicking] = useState<[string | null, string | null]>([prefs.start_date, prefs.end_date]);
  useEffect(() => setPicking([prefs.start_date, prefs.end_date]), [prefs.start_date, prefs.end_date]);
  return (
    <Group gap={6} wrap="wrap" aria-label={label}>
      <Button.Group>
        <Button size="xs" variant={prefs.active ? 'filled' : 'default'} aria-pressed={prefs.active} onClick={() => set({ active: !prefs.active })}>
          Active
        </Button>
        <Button size="xs" variant={prefs.archived ? 'filled' : 'default'} aria-pressed={prefs.archived} onClick={() => set({ archived: !prefs.archived })}>
          Archived
        </Button>
      </Button.Group>
      <DatePickerInput
        type="range"
        size="xs"
        w={210}
        // A label of its own, not aria-label: the field shows the range, and its name must not contradict it.
        label="Date range"
        labelProps={{ className: 'tl-sr-only' }}
        placeholder="Any dates"
        valueFormat="YYYY-MM-DD"
        labelSeparator="-"
        allowSingleDateInRange
        clearable
        presets={pickerPresets(today)}
        value={picking}
        onChange={([start, end]) => {
          setPicking([start, end]);
          // A range is whole once both ends are picked; clearing empties both.
          if (start && !end) return;
          set({ start_date: start, end_date: end });
        }}
        onDropdownClose={() => setPicking([prefs.start_date, prefs.end_date])}
        popoverProps={{ withinPortal: true }}
        data-preset={preset ?? undefined}
        title={preset ? presetLabel(preset) : undefined}
      />
      <Switch size="xs" labelPosition="left" label="Live & future" checked={prefs.live_and_future} onChange={(e) => set({ live_and_future: e.currentTarget.checked })} />
      {seesMoney && (
        <Tooltip label={publicModeHint} withArrow openDelay={400}>
          <Switch size="xs" labelPosition="left" label="Public mode" checked={prefs.public_mode} onChange={(e) => set({ public_mode: e.currentTarget.checked })} />
        </Tooltip>
      )}
      <Button
        size="xs"
        variant={changed ? 'filled' : 'default'}
        color={changed ? 'orange' : undefined}
        onClick={onRefresh}
        loading={refreshing}
        data-highlighted={changed ? 'true' : 'false'}
        title={changed ? 'Save these choices and reload the list' : 'Reload the list'}
      >
        Refresh
      </Button>
    </Group>
  );
}
