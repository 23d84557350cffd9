import { describe, expect, it } from 'vitest';
import { translation } from '@/lib/i18n/resources';

/** Every visible text of the web app, with its key. */
function texts(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

const all = texts(translation);

describe('the words of the web app', () => {
  it("spells 'Cancelled' one way everywhere: the menu, the list title, the statuses and the gate pass", () => {
    expect(all.filter(([, text]) => /\bcanceled\b/i.test(text))).toEqual([]);
    expect(translation.nav.canceled).toBe('Cancelled');
    expect(translation.vehicles.titles.canceled).toBe('Cancelled vehicles');
    expect(translation.vehicles.status.cancelled).toBe('Cancelled');
    expect(translation.vehicles.gatePass.Canceled).toBe('Cancelled');
  });

  it("calls the member's national identity document 'Emirates ID', never NIC", () => {
    expect(translation.members.identityType.nic).toBe('Emirates ID');
    expect(all.filter(([key, text]) => key.startsWith('members.') && /\bNIC\b/.test(text))).toEqual([]);
  });

  it('explains SVD wherever it stands alone', () => {
    expect(translation.vehicles.columns.svdLong).toBe('SVD (delivered by the seller)');
  });
});
