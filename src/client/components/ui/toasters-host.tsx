import { useLoadedToasters } from '@/lib/toasts';

/**
 * The two toasters of docs/product.md#constants, mounted once their chunk is here (components/ui/toasters.tsx, loaded
 * by lib/toasts.ts with the first toast, or the first interaction in the app). AppProvider and the login page mount it;
 * it loads nothing itself.
 */
export function ToastersHost() {
  const toasters = useLoadedToasters();
  return toasters ? <toasters.Toasters /> : null;
}
