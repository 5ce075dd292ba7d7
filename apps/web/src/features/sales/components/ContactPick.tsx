import { NativeSelect } from '@mantine/core';
import { contactName, type CollectionDef, type Line } from '@trenchline/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useSaveLine } from '../../../components/lines/api/saveLine';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { contactChoices } from '../linesLogic';

interface Props {
  def: CollectionDef;
  line: Line;
  contacts: readonly Line[];
  recordKey: QueryKey;
  savedMessage: string;
  readOnly?: boolean;
}

/** The contact of a call, meeting or e-mail, picked from the organization's contacts and saved at once (only `contact`, from the line's version). */
export function ContactPick({ def, line, contacts, recordKey, savedMessage, readOnly }: Props) {
  const message = useMessage();
  const save = useSaveLine(def, recordKey);
  const current = line.contact === null || line.contact === undefined ? '' : String(line.contact);
  if (readOnly) return <>{contactName(contacts.find((c) => c.id === current) ?? { id: '' }) ?? ''}</>;
  return (
    <NativeSelect
      size="xs"
      aria-label={`Contact of ${def.noun.toLowerCase()} ${String(line[Object.keys(line).find((k) => k.endsWith('_line_number')) ?? 'id'] ?? '')}`.trim()}
      data={contactChoices(contacts, current)}
      value={current}
      disabled={save.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) =>
        save.mutate(
          { id: line.id, values: { contact: e.currentTarget.value || null }, version: typeof line.version === 'number' ? line.version : undefined },
          { onSuccess: () => message(savedMessage, 'success'), onError: (err) => message(`Problem.  ${errorText(err)}`, 'error') },
        )
      }
    />
  );
}
