import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/react-query';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one per page load. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* SPEC §9: at most one toast, 5000 ms, swipe right, F8 focuses the toasts. */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        swipeDirections={['right']}
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
        // Sonner's own error red is under 4.5:1 on its pink; these keep destructive toasts AA.
        style={
          {
            '--error-bg': '#fef2f2',
            '--error-border': '#fca5a5',
            '--error-text': '#991b1b',
          } as CSSProperties
        }
      />
    </QueryClientProvider>
  );
}
