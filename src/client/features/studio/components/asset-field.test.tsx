import type { StudioAsset } from '@shared/studio-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { studioKeys } from '../api/studio-requests';
import { AssetField } from './asset-field';
import { FilesPanel } from './files-panel';

/**
 * The studio's file field shows an uploaded file by the name it was uploaded with, not by its hashed address
 * (docs/product.md#editing-in-the-browser); the address stays editable under 'Advanced'.
 */

const HASH = 'a'.repeat(64);
const UPLOADED: StudioAsset = {
  sha256: HASH,
  contentType: 'image/png',
  bytes: 68,
  name: 'slack-welcome.png',
  url: `/assets/content/by-hash/${HASH}`,
  at: '2026-11-27T10:00:00.000Z',
  by: 'admin@example.org',
};

/** A query client with the stored files already known (no request is made: they never go stale here). */
function clientWithFiles() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(studioKeys.assets, [UPLOADED]);
  return client;
}

/** Renders the field with the stored files already known. */
function renderField(value: string, onChange: (value: string) => void = () => {}) {
  return render(
    <QueryClientProvider client={clientWithFiles()}>
      <AssetField
        path="scopes[0].steps[0].image.src"
        label="Image address"
        value={value}
        onChange={onChange}
        kind="image"
      />
    </QueryClientProvider>,
  );
}

describe('the file field', () => {
  it('names an uploaded file by its upload name, a link to it, with the address under Advanced', () => {
    let changed: string | undefined;
    const { container } = renderField(UPLOADED.url, (v) => (changed = v));
    const link = screen.getByRole('link', { name: 'slack-welcome.png' });
    expect(link.getAttribute('href')).toBe(UPLOADED.url);
    expect(link.closest('p')?.textContent).toBe('Image: slack-welcome.png');
    expect(container.textContent).not.toContain(HASH);
    const address = screen.getByLabelText('Image address', { exact: true });
    const details = address.closest('details');
    expect(details?.querySelector('summary')?.textContent).toBe('Advanced');
    expect(details?.open).toBe(false);
    fireEvent.change(address, { target: { value: '/content/other.png' } });
    expect(changed).toBe('/content/other.png');
  });

  it('shows an address that is no uploaded file as the address itself', () => {
    renderField('/content/welcome.png');
    const address = screen.getByLabelText('Image address', { exact: true });
    expect((address as HTMLInputElement).value).toBe('/content/welcome.png');
    expect(address.closest('details')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe("the studio's Files tab", () => {
  it('names each file by its upload name, its hashed address only under Advanced', () => {
    render(
      <QueryClientProvider client={clientWithFiles()}>
        <FilesPanel />
      </QueryClientProvider>,
    );
    const files = screen.getByRole('list', { name: 'Uploaded files' });
    expect(screen.getByRole('link', { name: 'slack-welcome.png' }).getAttribute('href')).toBe(UPLOADED.url);
    const address = screen.getByText(`Address: ${UPLOADED.url}`);
    const details = address.closest('details');
    expect(details?.querySelector('summary')?.textContent).toBe('Advanced');
    expect(details?.open).toBe(false);
    details?.remove();
    expect(files.textContent).not.toContain(HASH);
  });
});
