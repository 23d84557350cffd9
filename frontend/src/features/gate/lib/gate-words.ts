import i18n from '@/lib/i18n/i18n';

/** Why the gate refuses a pass, in a few words above the server's sentence (an unknown reason shows as sent). */
export function refusalLabel(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return i18n.t(`gate.reasons.${reason}` as 'gate.reasons.forged', { defaultValue: reason });
}

/** 784-YYYY-NNNNNNN-N: the shape of an Emirates ID (the server also checks its year and check digit). */
export const EMIRATES_ID = /^784-\d{4}-\d{7}-\d$/;
