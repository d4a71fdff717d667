import type { Device } from '@shared/devices-api';
import LogOut from 'lucide-react/icons/log-out';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paths } from '@/config/paths';
import { pageNavigation } from '@/lib/page-navigation';
import { toastAfterNavigation } from '@/lib/toast-after-navigation';
import { toast } from '@/lib/toasts';
import { useDevices, useEndDevices } from '../api/devices';
import { formatDateTime } from '@/lib/dates';

/** A device's name in a few words: 'Chrome 131 on Windows 10', or what is known of it. */
export function deviceName(device: Pick<Device, 'browser' | 'os'>): string {
  if (device.browser !== null && device.os !== null) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown browser';
}

/** What shows while the devices load: two blocks the size of a device. */
const TWO_DEVICES = ['h-20 rounded-xl', 'h-20 rounded-xl'];

/**
 * The member's signed-in devices (docs/product.md#your-devices): each with its browser and system, when it signed in,
 * when it was last used and the address it was last used from, 'This device' for the one in hand; a 'Sign out' button
 * for each, 'Sign out all other devices' and 'Sign out everywhere'. Signing this device out loads the login page.
 */
export function DevicesList() {
  const devices = useDevices();
  const end = useEndDevices();

  const run = (which: Parameters<typeof end.mutate>[0], done: string) =>
    end.mutate(which, {
      onSuccess: ({ signedOutHere }) => {
        if (signedOutHere) {
          toastAfterNavigation('message', 'Logged Out', { description: 'You have been successfully logged out!' });
          pageNavigation.replace(paths.login.getHref());
        } else {
          toast.success(done);
        }
      },
      onError: (error) => toast.error('Could not sign out', { description: error.message }),
    });

  if (devices.isPending) {
    return <LoadingStatus label="Loading your devices…" placeholders={TWO_DEVICES} className="space-y-3" />;
  }
  if (devices.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        {devices.error.message}
      </div>
    );
  }
  const list = devices.data.devices;
  const others = list.filter((device) => !device.current).length;
  return (
    <div className="space-y-6">
      <ul className="space-y-3" aria-label="Signed-in devices">
        {list.map((device) => {
          const name = deviceName(device);
          const Icon = device.platform === 'mobile' || device.platform === 'tablet' ? Smartphone : Monitor;
          return (
            <li
              key={device.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="flex min-w-0 gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {name} {device.current ? <Badge variant="secondary">This device</Badge> : null}
                  </p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-700">
                    <dt>Signed in</dt>
                    <dd>{formatDateTime(device.signedInAt)}</dd>
                    <dt>Last used</dt>
                    <dd>{formatDateTime(device.lastUsedAt)}</dd>
                    <dt>From</dt>
                    <dd className="break-all">{device.ipAddress ?? 'Unknown'}</dd>
                  </dl>
                </div>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={end.isPending}
                aria-label={device.current ? `Sign out this device (${name})` : `Sign out ${name}`}
                onClick={() => run({ id: device.id, current: device.current }, `${name} is signed out.`)}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={end.isPending || others === 0}
          onClick={() => run('others', 'Your other devices are signed out.')}
        >
          Sign out all other devices
        </Button>
        <Button variant="outline" disabled={end.isPending} onClick={() => run('all', '')}>
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
