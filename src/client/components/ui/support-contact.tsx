import { Mail } from 'lucide-react';
import { cn } from '@/lib/cn';

/** "Need help?" line with the support e-mail as a mailto link (docs/product.md#header-and-footer). */
export function SupportContact({ email, className }: { email: string | undefined; className?: string }) {
  return (
    <p className={cn('text-sm text-slate-600', className)}>
      Need help? Contact{' '}
      {email ? (
        <a
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          href={`mailto:${email}`}
        >
          <Mail aria-hidden="true" className="size-3.5" />
          {email}
        </a>
      ) : (
        'your INSPIRED 2 UPLIFT coordinator'
      )}
      .
    </p>
  );
}
