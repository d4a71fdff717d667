import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';

/** docs/product.md#dashboard: a shared organisation account sees this instead of the progress bar and steps. */
export function AccountNotice() {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 shadow-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="font-semibold">Logged in as an account! Please log out and use your personal account.</p>
    </div>
  );
}
