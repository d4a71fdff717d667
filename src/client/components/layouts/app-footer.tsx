import { SupportContact } from '@/components/ui/support-contact';

interface AppFooterProps {
  supportEmail: string | undefined;
  appVersion: string;
  /** "{role displayName} {role version}" once the role is known. */
  roleVersion?: string;
}

/**
 * The footer (docs/product.md#header-and-footer): Beta note, support contact, confidentiality notice with the year,
 * versions.
 */
export function AppFooter({ supportEmail, appVersion, roleVersion }: AppFooterProps) {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl space-y-1.5 px-4 py-6 text-center text-sm text-slate-600 sm:px-6">
        <p>
          <span className="font-medium text-slate-800">This site is in Beta.</span>
        </p>
        <SupportContact email={supportEmail} />
        <p>
          © {new Date().getFullYear()} INSPIRED 2 UPLIFT. Confidential: for members of INSPIRED 2 UPLIFT only.
        </p>
        <p className="text-xs">
          Version {appVersion}
          {roleVersion ? ` · ${roleVersion}` : ''}
        </p>
      </div>
    </footer>
  );
}
