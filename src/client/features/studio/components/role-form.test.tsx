import { roleConfigurationSchema, type RoleConfiguration } from '@shared/content-schema';
import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { editRole } from '../utils/role-keys';
import { RoleForm } from './role-form';

/** Renaming a published role's key under 'Advanced' (docs/product.md#renaming-a-step). */

const role = (key: string, displayName: string, extra: Record<string, unknown> = {}) =>
  roleConfigurationSchema.parse({
    key,
    displayName,
    version: '1.0',
    icon: 'DollarSign',
    colors: { baseColor: '#1d4ed8' },
    ...extra,
  });

const PUBLISHED = [role('finance', 'Finance'), role('treasurer', 'Treasurer', { inherits: ['finance'] })];
const PUBLISHED_KEYS = new Set(PUBLISHED.map((r) => r.key));

/** The role form of the first role, wired to the catalog as the studio's editor wires it; `seen` gets each catalog. */
function Editor({ start, seen }: { start: RoleConfiguration[]; seen: RoleConfiguration[][] }) {
  const [catalog, setCatalog] = useState(start);
  const first = catalog[0];
  if (!first) return null;
  return (
    <RoleForm
      role={first}
      roles={catalog}
      published={PUBLISHED_KEYS.has(first.renamedFrom ?? first.key)}
      onChange={(next) => {
        const changed = editRole(catalog, 0, next, PUBLISHED_KEYS);
        seen.push(changed);
        setCatalog(changed);
      }}
    />
  );
}

describe('the role form', () => {
  it("marks a published role's changed key as a rename, says so with 'Undo the rename', and undoes it", () => {
    const seen: RoleConfiguration[][] = [];
    const { getByLabelText, getByText, queryByText } = render(<Editor start={PUBLISHED} seen={seen} />);
    expect(queryByText(/Renamed from/u)).toBeNull();
    fireEvent.change(getByLabelText('Key'), { target: { value: 'money team' } });
    expect(seen.at(-1)?.[0]).toMatchObject({ key: 'money team', renamedFrom: 'finance' });
    // The role that names it by key follows.
    expect(seen.at(-1)?.[1]?.inherits).toEqual(['money team']);
    expect(
      getByText(
        /Renamed from “finance”: its members keep the role and their progress under “money team” when you publish\./u,
      ),
    ).toBeTruthy();

    // Renamed again: still from the published key.
    fireEvent.change(getByLabelText('Key'), { target: { value: 'cash team' } });
    expect(seen.at(-1)?.[0]).toMatchObject({ key: 'cash team', renamedFrom: 'finance' });

    fireEvent.click(getByText('Undo the rename'));
    expect(seen.at(-1)).toEqual(PUBLISHED);
    expect(seen.at(-1)?.[0]).not.toHaveProperty('renamedFrom');
    expect(queryByText(/Renamed from/u)).toBeNull();
  });

  it("changes a new role's key without a rename mark", () => {
    const seen: RoleConfiguration[][] = [];
    const { getByLabelText, queryByText } = render(
      <Editor start={[role('blog writer', 'Blog Writer'), ...PUBLISHED]} seen={seen} />,
    );
    fireEvent.change(getByLabelText('Key'), { target: { value: 'writer' } });
    expect(seen.at(-1)?.[0]).toMatchObject({ key: 'writer' });
    expect(seen.at(-1)?.[0]).not.toHaveProperty('renamedFrom');
    expect(queryByText(/Renamed from/u)).toBeNull();
  });
});
