import type { FormInstance } from 'antd';
import { matchFieldErrors, type FieldErrorMatch } from '@/lib/field-errors';

const key = (path: readonly (string | number)[]) => path.map(String).join('.');

/**
 * Puts the server's field errors (a 422) at the form's fields and brings the first of them, in the form's own
 * order, into view with the focus in it, so that a refused field far down a long form (an IBAN, say) is seen
 * with its message. Returns the match: `unmatched` tells the caller to show the message elsewhere.
 */
export function showFieldErrors(form: FormInstance, error: unknown): FieldErrorMatch {
  const registered = form.getFieldsError().map((entry) => entry.name);
  const match = matchFieldErrors(error, registered);
  if (match.fields.length === 0) return match;
  form.setFields(match.fields);
  const marked = new Set(match.fields.map((field) => key(field.name)));
  const first = registered.find((name) => marked.has(key(name)));
  if (first) form.scrollToField(first, { block: 'center', focus: true });
  return match;
}
