/**
 * A half-filled drone form kept in session storage (docs/console.md#session-expiry): when the API ends the session
 * while the form is open, what was typed is still there after signing in again. Saved as the person types, cleared
 * when the form is saved or closed by them; only an interrupted form leaves a draft behind.
 *
 * A draft belongs to the account that typed it: it is saved with that account's name and only given back to the same
 * account. Another account signing in to the same tab never sees it; the draft is dropped then.
 */
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { notify } from '../../components/ui/notices';
import { sessionAccount } from '../../session/session-store';
import { DRONE_FORM_FIELDS, type DroneFormValues } from './drone-form';

const DRAFT_KEY = 'droneDraft';

export type DroneDraft = { mode: 'create'; values: DroneFormValues } | { mode: 'edit'; droneId: number; values: DroneFormValues };

type StoredDraft = DroneDraft & { account: string };

const valuesSchema = z.object(Object.fromEntries(DRONE_FORM_FIELDS.map((field) => [field, z.string()])) as Record<keyof DroneFormValues, z.ZodString>);
const draftSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create'), account: z.string().min(1), values: valuesSchema }),
  z.object({ mode: z.literal('edit'), account: z.string().min(1), droneId: z.number().int().min(1), values: valuesSchema }),
]);

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Why: a browser with storage disabled throws on access; then there is no draft, and nothing breaks.
    return null;
  }
}

export function saveDroneDraft(draft: DroneDraft): void {
  const account = sessionAccount();
  // Without a known account there is nobody to give the draft back to.
  if (!account) return;
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify({ ...draft, account } satisfies StoredDraft));
  } catch {
    // A full storage keeps no draft.
  }
}

/** The stored draft; anything unreadable is no draft. */
function readStoredDraft(): StoredDraft | null {
  const text = storage()?.getItem(DRAFT_KEY);
  if (!text) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The draft an interrupted form of the signed-in account left. Another account's draft is removed, not kept for its
 * owner's return: it holds what that person typed, and this tab is now someone else's.
 */
function readDroneDraft(): DroneDraft | null {
  const stored = readStoredDraft();
  if (!stored) return null;
  const account = sessionAccount();
  if (!account || stored.account !== account) {
    clearDroneDraft();
    return null;
  }
  const { account: _owner, ...draft } = stored;
  return draft;
}

export function clearDroneDraft(): void {
  storage()?.removeItem(DRAFT_KEY);
}

/** The draft an interrupted form left, read once when the screen opens, and a notice saying it came back. */
export function useRestoredDroneDraft(): DroneDraft | null {
  const [restored] = useState(readDroneDraft);
  const told = useRef(false);
  useEffect(() => {
    // Once, though development's strict mode runs effects twice.
    if (restored && !told.current) notify('Đã khôi phục bản nháp drone chưa lưu', 'info');
    told.current = true;
  }, [restored]);
  return restored;
}
