import { screen, waitFor, within } from '@testing-library/react';

/**
 * The open dialog showing `title`. Under NODE_ENV=test Ant Design gives every generated id the same value
 * ('test-id'), so a dialog's aria-labelledby cannot name it here as it does in a browser; its text can.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => within(element).queryAllByText(title).length > 0);
    if (!dialog) throw new Error(`No open dialog showing "${title}"`);
    return dialog;
  });
}

export function queryDialog(title: string): HTMLElement | undefined {
  return screen.queryAllByRole('dialog').find((element) => within(element).queryAllByText(title).length > 0);
}
