import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A mail as the test SMTP server (`gavel smtp-sink`) writes it: <run dir>/mail/<n>.json. */
export interface SunkMail {
  n: number;
  to: string[];
  subject: string;
  body: string;
}

function mailDir(): string {
  const runDir = process.env.GAVEL_E2E_RUN_DIR;
  if (!runDir) throw new Error('GAVEL_E2E_RUN_DIR is not set (playwright.config.ts sets it)');
  return join(runDir, 'mail');
}

export function mails(): SunkMail[] {
  return readdirSync(mailDir())
    .filter((name) => /^\d+\.json$/.test(name))
    .map((name) => {
      const mail = JSON.parse(readFileSync(join(mailDir(), name), 'utf8')) as Omit<SunkMail, 'n'>;
      return { ...mail, n: Number.parseInt(name, 10) };
    })
    .sort((a, b) => a.n - b.n);
}

/** The number of the newest mail so far (0 when none): pass it to `waitForCode` to skip older mails. */
export function lastMailNumber(): number {
  return mails().at(-1)?.n ?? 0;
}

/** Waits for a mail to `email` newer than `after` and returns the 6-digit code in it. */
export async function waitForCode(email: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = mails()
          .filter((m) => m.n > after && m.to.some((to) => to.toLowerCase().includes(email.toLowerCase())))
          .at(-1);
        code = mail ? (/\b(\d{6})\b/.exec(`${mail.subject}\n${mail.body}`)?.[1] ?? '') : '';
        return code;
      },
      { message: `a mail with a 6-digit code to ${email}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The test SMTP server refuses these mailboxes ('550 5.2.2 Mailbox unavailable') while they are listed. */
function refusedFile(): string {
  return join(mailDir(), 'refused.txt');
}

function refusedMailboxes(): string[] {
  return existsSync(refusedFile()) ? readFileSync(refusedFile(), 'utf8').split('\n').filter(Boolean) : [];
}

/** The mailbox becomes unavailable: every mail to it is refused for good (a permanent SMTP failure). */
export function refuseMailbox(email: string): void {
  writeFileSync(refusedFile(), [...refusedMailboxes(), email].join('\n') + '\n');
}

/** The mailbox is back: mails to it arrive again. */
export function restoreMailbox(email: string): void {
  const rest = refusedMailboxes().filter((line) => line.toLowerCase() !== email.toLowerCase());
  writeFileSync(refusedFile(), rest.length ? rest.join('\n') + '\n' : '');
}
