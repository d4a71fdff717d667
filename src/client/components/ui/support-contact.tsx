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
          // Inline, breaking anywhere: a long address wraps on a narrow screen at large text (WCAG 1.4.10 Reflow).
          className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-2 hover:text-brand-800"
          href={`mailto:${email}`}
        >
          <Mail aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.125em]" />
          {email}
        </a>
      ) : (
        `your ${orgName} coordinator`
      )}
      .
    </p>
  );
}
