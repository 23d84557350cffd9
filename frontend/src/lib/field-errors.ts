import { ApiError } from '@/api/api-error';

export type FieldPath = (string | number)[];

export interface FieldErrorMatch {
  /** Server field errors that belong to a field of the form, grouped by field. */
  fields: { name: FieldPath; errors: string[] }[];
  /** True when the answer carried no field error the form could show. */
  unmatched: boolean;
}

/** "schedule.0.close" -> ["schedule", 0, "close"]: the form's name path of a server field. */
export function toFieldPath(field: string): FieldPath {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const key = (path: readonly (string | number)[]) => path.map(String).join('.');

/** Splits the server's `errors` list into those the form can show at a field and the rest. */
export function matchFieldErrors(error: unknown, registered: readonly (readonly (string | number)[])[]): FieldErrorMatch {
  const known = new Set(registered.map(key));
  const grouped = new Map<string, { name: FieldPath; errors: string[] }>();
  let unmatched = false;
  const errors = error instanceof ApiError ? error.errors : [];
  errors.forEach(({ field, message }) => {
    const name = toFieldPath(field);
    if (!known.has(key(name))) {
      unmatched = true;
      return;
    }
    const entry = grouped.get(key(name)) ?? { name, errors: [] };
    entry.errors.push(message);
    grouped.set(key(name), entry);
  });
  return { fields: [...grouped.values()], unmatched: unmatched || grouped.size === 0 };
}
