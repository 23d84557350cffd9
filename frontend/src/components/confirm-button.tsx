import { Button, Tooltip, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';

interface ConfirmButtonProps {
  children?: ReactNode;
  title: ReactNode;
  message: ReactNode;
  /** Runs on Confirm; the dialog closes when it settles (a failure is toasted by the caller). */
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  icon?: ReactNode;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  /** The button greyed out (say while the action it asks for already runs). */
  disabled?: boolean;
  /** The name of an icon-only button, also shown as its tooltip. */
  'aria-label'?: string;
}

/** A button that asks first (ConfirmModal): bulk deletes, a password reset, a plan delete. */
export function ConfirmButton({ children, title, message, onConfirm, danger, icon, type, size, disabled, ...rest }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const confirm = () => {
    setRunning(true);
    onConfirm()
      .catch(() => undefined)
      .finally(() => {
        setRunning(false);
        setOpen(false);
      });
  };
  return (
    <>
      <Tooltip title={children ? undefined : rest['aria-label']}>
        <Button danger={danger} icon={icon} type={type} size={size} disabled={disabled} aria-label={rest['aria-label']} onClick={() => setOpen(true)}>
          {children}
        </Button>
      </Tooltip>
      <ConfirmModal open={open} title={title} message={message} danger={danger} loading={running} onConfirm={confirm} onCancel={() => setOpen(false)} />
    </>
  );
}
