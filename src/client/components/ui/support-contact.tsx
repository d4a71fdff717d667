import { DEFAULT_ORG_NAME } from '@shared/org';
import Mail from 'lucide-react/icons/mail';
import { cn } from '@/lib/cn';

/**
 * "Need help?" line with the support e-mail as a mailto link (the footer's support contact); without an address yet,
 * it names the organisation's coordinator (`orgName`, default {@link DEFAULT_ORG_NAME}).
 */
export function SupportContact({
  email,
  orgName = DEFAULT_ORG_NAME,
  className,
}: {
  email: string | undefined;
  orgName?: string | undefined;
  className?: string;
}) {
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
        `your ${orgName} coordinator`
      )}
      .
    </p>
  );
}
