import type { ReactNode } from 'react';
import { Alert, Group, Text, TextInput, Title } from '@mantine/core';
import { WaitMessage } from '../WaitMessage';
import { errorText } from '../../lib/http';
import { ListPrefsBar } from './ListPrefsBar';
import type { useListPrefs } from './useListPrefs';

/** A list page's title, its row filter and (on the right) its actions. */
export function ListTitleBar({ title, filter, onFilter, children }: { title: string; filter: string; onFilter: (text: string) => void; children?: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Title order={4} mr={4}>
          {title}
        </Title>
        <TextInput size="xs" w={190} placeholder="Filter rows..." aria-label="Filter rows" value={filter} onChange={(e) => onFilter(e.currentTarget.value)} />
      </Group>
      <Group gap={6} wrap="wrap">
        {children}
      </Group>
    </Group>
  );
}

interface PrefsRowProps {
  prefs: ReturnType<typeof useListPrefs>;
  /** What the bar chooses, e.g. 'Which projects'. */
  label: string;
  /** What Public mode hides. */
  publicModeHint: string;
  /** After a Refresh that reloaded the list (e.g. clear the selection). */
  onRefreshed: () => void;
  /** On the right: the row count and more. */
  children?: ReactNode;
}

/** A ranged list's choices (ListPrefsBar) with the row count on the right. */
export function ListPrefsRow({ prefs, label, publicModeHint, onRefreshed, children }: PrefsRowProps) {
  return (
    <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
      <ListPrefsBar
        label={label}
        publicModeHint={publicModeHint}
        prefs={prefs.draft}
        onChange={prefs.setDraft}
        changed={prefs.changed}
        onRefresh={() => void prefs.refresh().then((ok) => ok && onRefreshed())}
        refreshing={prefs.refreshing}
      />
      {children}
    </Group>
  );
}

/** How many rows are shown of how many loaded, and how many are selected. */
export function RowCount({ ready, shown, total, selected }: { ready: boolean; shown: number; total: number; selected: number }) {
  return (
    <Text size="xs" c="dimmed" data-testid="row-count">
      {ready && `${shown} of ${total} shown${selected ? `, ${selected} selected` : ''}`}
    </Text>
  );
}

interface ListStatesProps {
  /** The list's query. */
  query: { isError: boolean; isSuccess: boolean; error: unknown };
  loading: boolean;
  nothingAsked: boolean;
  /** The records in words, e.g. 'jobs'. */
  noun: string;
  /** Rows shown after the filter. */
  shown: number;
  /** Rows loaded. */
  total: number;
  /** What an empty list says (before the filter). */
  noneText: string;
}

/** A list's states besides its table: waiting, nothing asked, the load error, no rows. */
export function ListStates({ query, loading, nothingAsked, noun, shown, total, noneText }: ListStatesProps) {
  return (
    <>
      {loading && <WaitMessage />}
      {nothingAsked && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          Turn on Active or Archived (or both), then Refresh.
        </Text>
      )}
      {query.isError && (
        <Alert color="red" variant="light" title={`The ${noun} could not be loaded`}>
          {errorText(query.error)}
        </Alert>
      )}
      {query.isSuccess && shown === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {total === 0 ? noneText : `No ${noun} match the filter.`}
        </Text>
      )}
    </>
  );
}
