import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface IconButtonProps {
  icon: ReactNode;
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/** A row or card action shown as an icon: named for screen readers, explained on hover. */
export function IconButton({ icon, label, onClick, danger }: IconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} danger={danger} />
    </Tooltip>
  );
}
