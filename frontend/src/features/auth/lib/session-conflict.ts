import { ApiError } from '@/api/api-error';
import type { SessionConflict } from '@/features/auth/api/login';

/** A pending sign-in blocked by another live session, with what is needed to end it and continue. */
export interface ConflictState {
  message: string;
  data: SessionConflict['data'];
  email: string;
  password: string;
  remember: boolean;
  /** Two-step sign-in: the challenge and the code that were accepted; they end the other session instead. */
  challenge?: string;
  code?: string;
}

/** The other session's details when the error is the login 409, else null. */
export function sessionConflictOf(error: unknown): Pick<ConflictState, 'message' | 'data'> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<SessionConflict> | undefined;
  if (!body?.data) return null;
  return { message: body.message ?? '', data: body.data };
}
