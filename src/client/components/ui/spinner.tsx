import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/cn';

/** A decorative spinning icon; the surrounding text says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}
