/** A sign-in waiting for its second step: the challenge of the password step and what the first step used. */
export interface PendingCode {
  challenge: string;
  email: string;
  password: string;
  remember: boolean;
}

