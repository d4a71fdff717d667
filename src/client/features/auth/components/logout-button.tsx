import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toasts';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';

interface LogoutButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  children?: ReactNode;
}

/** Ends the session, says so with the 'Logged Out' toast (SPEC §4) and goes to /login. */
export function LogoutButton({ children, ...props }: LogoutButtonProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      {...props}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            toast('Logged Out', { description: 'You have been successfully logged out!' });
            void navigate(paths.login.getHref(), { replace: true });
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
