import LogOut from 'lucide-react/icons/log-out';
import type { ReactNode } from 'react';
import { pageNavigation } from '@/lib/page-navigation';
import { toastAfterNavigation } from '@/lib/toast-after-navigation';
import { toast } from '@/lib/toasts';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';

interface LogoutButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  children?: ReactNode;
}

/**
 * Ends the session, says so with the 'Logged Out' toast (docs/product.md#sign-in) and loads the login page, another
 * document (docs/decisions/012-login-page-own-entry.md): the toast is kept for it in sessionStorage and shown there.
 */
export function LogoutButton({ children, ...props }: LogoutButtonProps) {
  const logout = useLogout();
  return (
    <Button
      {...props}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            toastAfterNavigation('message', 'Logged Out', { description: 'You have been successfully logged out!' });
            pageNavigation.replace(paths.login.getHref());
          },
          onError: (error) => toast.error('Could not log out', { description: error.message }),
        })
      }
    >
      {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      {children ?? 'Log out'}
    </Button>
  );
}
