import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The header's link to 'Your devices' (docs/product.md#your-devices), where a member signs their devices out. */
export function DevicesLink() {
  return (
    <Link
      to={paths.devices.getHref()}
      className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      Your devices
    </Link>
  );
}
