import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { weekStart } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDate, todayIso } from '../../../lib/dates';
import { showQuantity } from '../../../lib/numbers';
import { errorText } from '../../../lib/http';
import { useWeeklyHours } from '../api/calls';
import { dayHeading, dayTotals, shiftWeek } from '../activitiesLogic';

const hours = (h: number) => (h ? showQuantity(h) : '');

/** /sales/hours/?week=: each user's sales activity hours on each day of a week (Monday to Sunday), with the totals; the week before and after are a button away. */
export function WeeklyHoursPage() {
  const [params, setParams] = useSearchParams();
  const week = weekStart(params.get('week') || todayIso());
  const q = useWeeklyHours(week);
  const go = (n: number) => setParams({ week: shiftWeek(week, n) });
  const totals = q.data ? dayTotals(q.data.users) : null;

  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" mb="xs">
        <Title order={4} data-testid="hours-title">
          Sales hours · week of {showDate(week)}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => go(-1)}>
            Previous week
          </Button>
          <Button size="xs" variant="default" onClick={() => setParams({})}>
            This week
          </Button>
          <Button size="xs" variant="default" onClick={() => go(1)}>
            Next week
          </Button>
          <Button size="xs" variant="subtle" component={Link} to="/sales/">
            Organizations
          </Button>
        </Group>
      </Group>
      {q.isPending && <WaitMessage />}
      {q.isError && <Alert color="red">{errorText(q.error)}</Alert>}
      {q.data && totals && (
        <Table striped withTableBorder withColumnBorders verticalSpacing={4} data-testid="weekly-hours" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              {q.data.days.map((d) => (
                <Table.Th key={d} ta="right">
                  {dayHeading(d)}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.users.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text size="sm" c="dimmed">
                    No activity hours this week.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {q.data.users.map((u) => (
              <Table.Tr key={u.user} data-user={u.user}>
                <Table.Td>{u.user}</Table.Td>
                {u.days.map((h, i) => (
                  <Table.Td key={q.data.days[i]} ta="right">
                    {hours(h)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700} data-testid="user-total">
                  {u.total}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              {totals.days.map((h, i) => (
                <Table.Th key={q.data.days[i]} ta="right">
                  {hours(h)}
                </Table.Th>
              ))}
              <Table.Th ta="right" data-testid="week-total">
                {totals.total}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Paper>
  );
}
