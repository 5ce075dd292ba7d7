import { SimpleGrid } from '@mantine/core';
import { SALES_MESSAGES, salesEmails, salesLocations, salesMeetings, salesPhonecalls, salesSurveys, type CollectionDef, type Line } from '@trenchline/domain';
import { LinePanelSection } from '../../../components/lines/LinePanelSection';
import { salesKey, type SalesDetail } from '../api/types';
import { contactsEdited } from '../linesLogic';
import { ContactPick } from './ContactPick';
import { Section } from './sections';

type Kind = Parameters<typeof SALES_MESSAGES.saved>[0];

/** The organization's contacts, locations and surveys, and its calls, meetings and e-mails (numbered in order, each naming one of its contacts). */
export function SalesLines({ organization: o, readOnly }: { organization: SalesDetail; readOnly?: boolean }) {
  const recordKey = salesKey(o.id);
  const contacts = o.contacts ?? [];
  const lines = (def: CollectionDef, kind: Kind, title: string, detailKey: string, rows: Line[] | undefined, columns?: string[], withContact = false) => (
    <LinePanelSection
      def={def}
      title={title}
      detailKey={detailKey}
      parentId={o.id}
      recordKey={recordKey}
      rows={rows ?? []}
      columns={columns}
      savedMessage={SALES_MESSAGES.saved(kind)}
      readOnly={readOnly}
      extraColumns={
        withContact
          ? [{ key: 'contact', label: 'Contact', render: (row) => <ContactPick def={def} line={row} contacts={contacts} recordKey={recordKey} savedMessage={SALES_MESSAGES.saved(kind)} readOnly={readOnly} /> }]
          : []
      }
    />
  );
  return (
    <>
      <Section id="contacts">{lines(contactsEdited, 'Contact', 'Contacts', 'contacts', o.contacts, ['first_name', 'last_name', 'name', 'title', 'phone_1', 'email'])}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="locations">{lines(salesLocations, 'Location', 'Locations', 'locations', o.locations, ['name', 'address', 'city', 'state', 'phone'])}</Section>
        <Section id="surveys">{lines(salesSurveys, 'Survey', 'Surveys', 'surveys', o.surveys, ['survey_date', 'crews', 'employees', 'current_tools'])}</Section>
      </SimpleGrid>
      <Section id="phonecalls">{lines(salesPhonecalls, 'Phonecall', 'Phone calls', 'phonecalls', o.phonecalls, ['phonecall_line_number', 'call_date', 'name', 'phone_number', 'outcome', 'notes'], true)}</Section>
      <Section id="meetings">{lines(salesMeetings, 'Meeting', 'Meetings', 'meetings', o.meetings, ['meeting_line_number', 'meeting_date', 'name', 'place', 'notes'], true)}</Section>
      <Section id="emails">{lines(salesEmails, 'Email', 'E-mails', 'emails', o.emails, ['email_line_number', 'email_date', 'subject'], true)}</Section>
    </>
  );
}
