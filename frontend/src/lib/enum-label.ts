import '@/lib/i18n/strings/labels';
import i18n from '@/lib/i18n/i18n';
import type labels from '@/lib/i18n/labels.en.json';

/**
 * The enums of the API by their name in the OpenAPI schema (one written inside a schema: 'Schema.property'), plus
 * the code values that travel as plain strings (InvoiceKind, InvoiceStatus, PaymentKind, LineKind).
 */
export type EnumName = { [K in keyof typeof labels]: (typeof labels)[K] extends Record<string, string> ? K : `${K}.${string}` }[keyof typeof labels];

/**
 * The words of one code value on a screen ('PaymentMethod', 'bankTransfer' → 'Bank transfer'): the one label map of
 * the screens, lib/i18n/labels.en.json, in the words the server's PDFs and exports use. An unknown value is shown as
 * it came; nothing is an empty text. enum-label.test.ts walks every enum of api/schema.d.ts.
 */
export function enumLabel(name: EnumName, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const words: unknown = i18n.getResource(i18n.language || 'en', 'translation', `labels.${name}.${value}`);
  return typeof words === 'string' ? words : value;
}
