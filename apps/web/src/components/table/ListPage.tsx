import type { ReactNode } from 'react';
import { CloseButton, Group, Text, TextInput, Title } from '@mantine/core';
import { WaitMessage } from '../WaitMessage';
import { ListPrefsBar } from './ListPrefsBar';
import { ListAsOfBanner, ListAsOfPicker } from './listAsOf';
import { countWords } from './pagedList';
import { EmptyLine, LoadFailed } from './QueryStates';
import type { useListPrefs } from './useListPrefs';

/** The list's find box: its words are sent to the server as `q` (every word must appear in a row); ✕ clears it. */
export function FindBox({ value, onChange, w = 190 }: { value: string; onChange: (text: string) => void; w?: number }) {
  return (
    <TextInput
      size="xs"
      w={w}
      placeholder="Filter rows..."
      aria-label="Filter rows"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="xs" aria-label="Clear the filter" onClick={() => onChange('')} /> : null}
    />
  );
}

/** A list page's title, its find box, the "As of" picker on a screen declared with it, and (on the right) its actions; while it shows the past, the read-only banner above. */
export function ListTitleBar({ title, filter, onFilter, children }: { title: string; filter: string; onFilter: (text: string) => void; children?: ReactNode }) {
  return (
    <>
      <ListAsOfBanner />
      <Group justify="space-between" gap="xs" mb={6} mt={4} wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={4} mr={4}>
            {title}
          </Title>
          <FindBox value={filter} onChange={onFilter} />
          <ListAsOfPicker />
        </Group>
        <Group gap={6} wrap="wrap">
          {children}
        </Group>
      </Group>
    </>
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

/** A paged list's count: how many rows match (all of them, not only those loaded) and how many are selected. */
export function MatchCount(p: { ready: boolean; count: number; selected: number; noun: string; estimated?: boolean; selectedEstimated?: boolean }) {
  const { ready, count, selected, noun } = p;
  // Past the server's bound the count is an estimate: 'about 1,000,000 jobs', and so is "all of them" selected.
  const selectedWords = selected ? `, ${countWords(selected, p.selectedEstimated)} selected` : '';
  return (
    <Text size="xs" c="dimmed" data-testid="row-count">
      {ready && `${countWords(count, p.estimated)} ${count === 1 ? noun.replace(/s$/, '') : noun}${selectedWords}`}
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
  /** The find box has words: an empty answer is 'No <noun> match the filter.'. */
  searched?: boolean;
}

/** A list's states besides its table: waiting, nothing asked, the load error, no rows. */
export function ListStates({ query, loading, nothingAsked, noun, shown, total, noneText, searched = false }: ListStatesProps) {
  return (
    <>
      {loading && <WaitMessage />}
      {nothingAsked && <EmptyLine>Turn on Active or Archived (or both), then Refresh.</EmptyLine>}
      {query.isError && <LoadFailed noun={noun} error={query.error} />}
      {query.isSuccess && shown === 0 && <EmptyLine>{total === 0 && !searched ? noneText : `No ${noun} match the filter.`}</EmptyLine>}
    </>
  );
}
