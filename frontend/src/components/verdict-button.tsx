import { Button, Tooltip, type ButtonProps } from 'antd';

/** The server's verdict on an action for the staff user asking: whether they may, and the sentence why not. */
export interface Verdict {
  allowed: boolean;
  reason?: string | null;
}

interface VerdictButtonProps extends ButtonProps {
  /** None when the server gave none (the action is then only disabled by `disabled`). */
  verdict?: Verdict | null;
}

/**
 * A button the server's rule may refuse (two-person rules, nothing left to pay…): disabled before anyone acts, with
 * the server's own sentence as its tooltip, so the rule shows before it refuses.
 */
export function VerdictButton({ verdict, disabled, ...props }: VerdictButtonProps) {
  const refused = verdict ? !verdict.allowed : false;
  const button = <Button {...props} disabled={disabled || refused} />;
  if (!refused || !verdict?.reason) return button;
  return (
    <Tooltip title={verdict.reason}>
      {/* A disabled button takes no hover: the span carries the tooltip. */}
      <span style={{ display: 'inline-block' }}>{button}</span>
    </Tooltip>
  );
}
