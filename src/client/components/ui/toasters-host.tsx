import { useLoadedToasters } from '@/lib/toasts';

/**
 * The two toasters of SPEC §9, mounted once their chunk is here (components/ui/toasters.tsx, loaded by lib/toasts.ts
 * with the first toast). The login page mounts it next to its screen; it loads nothing itself.
 */
export function ToastersHost() {
  const toasters = useLoadedToasters();
  return toasters ? <toasters.Toasters /> : null;
}
