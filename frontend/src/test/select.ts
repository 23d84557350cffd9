import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens an Ant Design Select (rendered with virtual={false}) by its accessible name and picks an option. */
export async function pickOption(user: UserEvent, name: string | RegExp, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}
