import { Text } from '@mantine/core';

/** The Mantine shade of each rule colour (green reads better as teal on the dense lists). */
export const shadeOf = { red: 'red', orange: 'orange', green: 'teal' } as const;

/** Days to a due date on its colour: red under 4, orange under 7 (the domain's rule, or the server's colour). */
export function DaysToDue({ days, colour }: { days: number | null | undefined; colour: 'red' | 'orange' | null }) {
  if (days === null || days === undefined) return null;
  return (
    <Text
      span
      fz="xs"
      fw={colour ? 700 : 400}
      c={colour ? `${shadeOf[colour]}.9` : undefined}
      bg={colour ? `${shadeOf[colour]}.1` : undefined}
      px={6}
      py={1}
      style={{ borderRadius: 3 }}
      data-colour={colour ?? 'none'}
    >
      {days}
    </Text>
  );
}
