/**
 * Demo sales organisations for `npm start` (apps/api/src/seed.ts runs this after the settings): ten
 * organisations covering every type, status, adoption status and lead source (two scrubbed, one
 * archived), each with a location, most with a survey, contacts, e-mails, phone calls and meetings
 * naming a contact, and sales activities by the two demo users on days of this week and last week, so
 * the weekly hours view has hours in both. Written through the same functions and commands as the
 * routes (createRecord with organizationRecord, saveActivities, AddLine).
 */
import { addDays, collection, parseLineValues, weekStart, type SalesOrganizationFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { newLineIds } from '../../platform/ids.ts';
import { organizationRecord, saveActivities } from './sales.ts';
import { createRecord } from '../../platform/record-routes.ts';

type Values = Partial<SalesOrganizationFields>;
interface DemoOrganization {
  values: Values;
  contacts: [string, string, string][];
  /** How many e-mails, calls and meetings (each naming a contact in turn). */
  emails: number;
  calls: number;
  meetings: number;
  survey?: { crews: number; employees: number; tools: string; pain: string };
}

const o = (name: string, org_type: Values['org_type'], status: Values['status'], adoption_status: Values['adoption_status'], lead_source: Values['lead_source'], colour: Values['colour'], city: string, state: string, more: Values = {}): Values =>
  ({ name, org_type, status, adoption_status, lead_source, colour, city, state, phone: `555-03${String(name.length).padStart(2, '0')}`, email: `office@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`, address: `${100 + name.length * 7} Main St`, ...more });

const demoOrganizations: DemoOrganization[] = [
  { values: o('Ridgeline Boring LLC', 'Lead', 'New', '1 Initial', 'Email: Website form', 'Blue Lt', 'Columbus', 'OH'), contacts: [['Mara', 'Quinn', 'Owner']], emails: 1, calls: 1, meetings: 0 },
  { values: o('Keystone Utility Contractors', 'Contact', 'Interested', '1 Initial', 'Email: Newsletter reply', 'Green', 'Pittsburgh', 'PA'), contacts: [['Tom', 'Harlan', 'Operations manager'], ['Lia', 'Moreno', 'Office manager']], emails: 2, calls: 2, meetings: 1, survey: { crews: 6, employees: 40, tools: 'Spreadsheets and paper tickets', pain: 'Ticket approvals take a week' } },
  { values: o('Sandhill Fiber Services', 'Contact', 'Needs another Call', '1 Initial', 'Email: Referral', 'Yellow', 'Savannah', 'GA'), contacts: [['Wes', 'Dunn', 'President']], emails: 1, calls: 3, meetings: 0 },
  { values: o('Prairie Line Construction', 'Subscriber', 'Ready to demo', '2 Users created', '811', 'Orange', 'Wichita', 'KS'), contacts: [['Ana', 'Ruiz', 'PM'], ['Cole', 'Baker', 'Foreman']], emails: 2, calls: 1, meetings: 2, survey: { crews: 3, employees: 18, tools: 'QuickBooks', pain: 'Locates expire unnoticed' } },
  { values: o('Bluewater Directional', 'Subscriber', 'Now an Account', '3 Trained/AI validated', 'Email: Website form', 'Blue', 'Tampa', 'FL'), contacts: [['Priya', 'Shah', 'Controller']], emails: 3, calls: 2, meetings: 2, survey: { crews: 9, employees: 70, tools: 'An old job-costing tool', pain: 'Margin per job only known at year end' } },
  { values: o('Summit Aerial Works', 'Subscriber', 'Now an Account', '4 Job board live', '811', 'Pink', 'Boise', 'ID'), contacts: [['Jon', 'Eriksen', 'Owner'], ['Kay', 'Lowe', 'Dispatcher']], emails: 2, calls: 1, meetings: 1 },
  { values: o('Old Mill Excavating', 'Not Interested', 'Not interested LT F/U', '1 Initial', 'Email: Newsletter reply', 'Gray Lt', 'Dayton', 'OH', { next_follow_up: null }), contacts: [['Hank', 'Price', 'Owner']], emails: 1, calls: 1, meetings: 0 },
  { values: o('Coastal Trench Co', 'Have a solution', 'Not Interested: no followup', '1 Initial', 'Email: Referral', 'Red', 'Mobile', 'AL'), contacts: [['Dee', 'Marsh', 'Office']], emails: 0, calls: 1, meetings: 0 },
  { values: o('Lone Oak Underground', 'Unable to Contact', 'Needs another Call', '1 Initial', '811', 'Purple', 'Waco', 'TX', { scrubbed_reason: 'Phone Number Out' }), contacts: [], emails: 1, calls: 2, meetings: 0 },
  { values: o('Granite State Cabling', 'Unable to Contact', 'Not Interested: no followup', '1 Initial', 'Email: Website form', 'None', 'Concord', 'NH', { scrubbed_reason: 'Out of Business', archived: true }), contacts: [['Ben', 'Ford', 'Owner']], emails: 1, calls: 1, meetings: 0 },
];

const outcomes = ['Left a voicemail', 'Interested; send pricing', 'Asked to call back next week', 'Booked a demo'];

/** Lines by both users: `actors` are the demo's office and field users. Answers the organisation ids. */
export async function seedSales(ctx: ApiContext, actors: Actor[], today: string) {
  const [office] = actors;
  const ids: string[] = [];
  const monday = weekStart(today);
  // Days of last week and this week up to today: hours in both weeks of the weekly view.
  const days = [...Array.from({ length: 7 }, (_, i) => addDays(monday, i - 7)), ...Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d <= today)];
  for (const [n, demo] of demoOrganizations.entries()) {
    const org = await createRecord(ctx, office, organizationRecord, { ...demo.values, next_follow_up: demo.values.next_follow_up === null ? undefined : addDays(today, 2 + n * 3), notes: `${demo.values.lead_source} lead.` });
    const id = org.id;
    ids.push(id);
    const add = async (actor: Actor, name: string, values: Record<string, unknown>) => {
      const [lineId] = await newLineIds(ctx, actor.accountId, name, 'sales_organization', id);
      await executeCommand(ctx, actor, 'sales_organization', id, { type: 'AddLine', collection: name, lineId, values: parseLineValues(collection(name), values, true) });
      return lineId;
    };
    const by = (i: number) => actors[(n + i) % actors.length];
    await add(office, 'sales_locations', { name: 'Main yard', address: demo.values.address, city: demo.values.city, state: demo.values.state, zip: String(10_000 + n * 1111), phone: demo.values.phone });
    if (demo.survey) await add(office, 'sales_surveys', { survey_date: days[n % days.length], crews: demo.survey.crews, employees: demo.survey.employees, current_tools: demo.survey.tools, pain_points: demo.survey.pain });
    const contacts: string[] = [];
    for (const [i, [first_name, last_name, title]] of demo.contacts.entries())
      contacts.push(await add(office, 'sales_contacts', { first_name, last_name, title, phone_1: `555-04${String(n * 3 + i).padStart(2, '0')}`, email: `${first_name.toLowerCase()}@${String(demo.values.email).split('@')[1]}` }));
    const contact = (i: number) => (contacts.length ? { contact: contacts[i % contacts.length] } : {});
    const when = (i: number) => days[(n * 2 + i * 3) % days.length];
    for (let i = 0; i < demo.emails; i++) await add(by(i), 'sales_emails', { ...contact(i), email_date: when(i), subject: ['Trenchline overview', 'Pricing for your crews', 'Following up on the demo'][i % 3], body: 'Thanks for your time; details attached.' });
    for (let i = 0; i < demo.calls; i++) await add(by(i), 'sales_phonecalls', { ...contact(i), call_date: when(i + 1), name: demo.contacts[i % Math.max(1, demo.contacts.length)]?.slice(0, 2).join(' ') ?? 'Front desk', phone_number: demo.values.phone, outcome: outcomes[(n + i) % outcomes.length] });
    for (let i = 0; i < demo.meetings; i++) await add(by(i), 'sales_meetings', { ...contact(i), meeting_date: when(i + 2), name: ['Discovery call', 'Product demo'][i % 2], place: i % 2 ? 'Video call' : `${demo.values.city} office` });
    // The activities form's one Save per user: calls, e-mails and meetings above, with their hours.
    for (const [u, actor] of actors.entries()) {
      const lines = Array.from({ length: 1 + ((n + u) % 3) }, (_, i) => ({ organization: id, activity_date: days[(n + u * 4 + i * 5) % days.length], activity_type: ['Call', 'E-mail', 'Meeting', 'Demo', 'Research', 'Travel', 'Other'][(n + u + i) % 7], hours: [0.5, 1, 1.5, 2, 0.25][(n + i + u) % 5], notes: `${['Intro', 'Follow-up', 'Prep'][i % 3]} for ${demo.values.name}` }));
      await saveActivities(ctx, actor, lines);
    }
  }
  return ids;
}
