import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame of the sign-in and sign-up screens (the app shell puts the account's background behind them). */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="lg" w={380} radius="md">
        <Stack gap="xs" mb="md">
          <Text fw={800} size="lg" c="orange" style={{ letterSpacing: 1 }}>
            TRENCHLINE
          </Text>
          <Title order={3}>{title}</Title>
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
