import { DEFAULT_ORG_NAME } from '@shared/org';
import { SupportContact } from '@/components/ui/support-contact';
import { useOrgTitle } from '@/hooks/use-org-title';

interface AppFooterProps {
  /** The organisation's name (ORG_NAME, from GET /api/config); {@link DEFAULT_ORG_NAME} until it is known. */
  orgName?: string | undefined;
  supportEmail: string | undefined;
  appVersion: string;
  /** "{role displayName} {role version}" once the role is known. */
  roleVersion?: string;
}

/** docs/product.md#step-widgets footer: Beta note, support contact, confidentiality notice with the year, versions. */
export function AppFooter({ orgName = DEFAULT_ORG_NAME, supportEmail, appVersion, roleVersion }: AppFooterProps) {
  useOrgTitle(orgName);
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl space-y-1.5 px-4 py-6 text-center text-sm text-slate-600 sm:px-6">
        <p>
          <span className="font-medium text-slate-800">This site is in Beta.</span>
        </p>
        <SupportContact email={supportEmail} orgName={orgName} />
        <p>
          © {new Date().getFullYear()} {orgName}. Confidential: for members of {orgName} only.
        </p>
        <p className="text-xs">
          Version {appVersion}
          {roleVersion ? ` · ${roleVersion}` : ''}
        </p>
      </div>
    </footer>
  );
}
