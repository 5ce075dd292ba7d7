import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MessagesProvider } from '../lib/messages';
import { makeQueryClient } from '../lib/queryClient';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MessagesProvider>
          <RouterProvider router={router} />
        </MessagesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
