import type { UserEvent } from '@testing-library/user-event';

/** Types a whole value into a field the way a paste does: one input event instead of one per character. */
export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}
