import { Link } from 'react-router-dom';
import { Anchor, Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useCan } from '../../features/auth';

type Step = 'crews' | 'customers' | 'numbering' | 'job';
interface GettingStartedAnswer {
  show: boolean;
  dismissed: boolean;
  steps: { step: Step; done: boolean }[];
}

/** Each step's words and where it is done (Settings' sections by their anchor; a job from the job list's New job). */
const STEPS: Record<Step, { text: string; to: string }> = {
  crews: { text: 'Add your crews', to: '/settings/#crews' },
  customers: { text: 'Add your customers', to: '/settings/#customers' },
  numbering: { text: 'Set your document numbering (the first job, ticket and invoice numbers)', to: '/settings/#numbering' },
  job: { text: 'Make your first job (New job on the job list)', to: '/job/' },
};

const KEY = ['settings', 'getting_started'];

/**
 * A new account's first steps on its first screens (bid list, job list): settings first, then a job;
 * each ticked from the account's records (GET /api/settings/getting_started/), hidden once all are
 * done or the user dismisses it (kept per user).
 */
export function GettingStarted() {
  const qc = useQueryClient();
  // Its steps and its Dismiss are settings changes: offered to whoever may make them (an admin), not to a crew on a tablet.
  const offered = useCan()('change settings');
  // Read on every visit: a step done in Settings is ticked on return.
  const answer = useQuery({ queryKey: KEY, queryFn: ({ signal }) => http.list<GettingStartedAnswer>('/api/settings/getting_started/', { signal }), staleTime: 0, enabled: offered });
  const dismiss = useMutation({
    mutationFn: () => http.put<GettingStartedAnswer>('/api/settings/getting_started/', { dismissed: true }),
    onSuccess: (a) => qc.setQueryData(KEY, a),
  });
  if (!offered || !answer.data?.show) return null;
  return (
    <Paper withBorder p="sm" radius="sm" mb="xs" component="section" aria-label="Getting started" data-testid="getting-started">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={4}>Getting started</Title>
          <Text size="sm" c="dimmed" mb="xs">
            A new account: set up these first, then your jobs, tickets and bids have crews, customers and numbers to use.
          </Text>
        </div>
        <Button size="xs" variant="subtle" color="gray" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dismiss
        </Button>
      </Group>
      <List spacing={4} size="sm" center>
        {answer.data.steps.map(({ step, done }) => (
          <List.Item
            key={step}
            data-step={step}
            data-done={done}
            icon={
              <ThemeIcon size={18} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'} aria-hidden>
                {done ? '✓' : ''}
              </ThemeIcon>
            }
          >
            <Anchor component={Link} to={STEPS[step].to} td={done ? 'line-through' : undefined}>
              {STEPS[step].text}
            </Anchor>
            <Text span size="xs" c="dimmed" ml={6}>
              {done ? 'Done' : 'To do'}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
