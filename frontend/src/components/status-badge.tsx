import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** SPEC.md section 4: the label styles a status can take. */
export type StatusVariant = 'pending' | 'success' | 'approved' | 'danger' | 'info' | 'scanned' | 'default';

const COLORS: Record<StatusVariant, string> = {
  pending: 'gold',
  success: 'green',
  approved: 'cyan',
  danger: 'red',
  info: 'blue',
  scanned: 'purple',
  default: 'default',
};

interface StatusBadgeProps {
  variant?: StatusVariant;
  children: ReactNode;
}

/** A coloured status label; unknown statuses use the default style. */
export function StatusBadge({ variant = 'default', children }: StatusBadgeProps) {
  return (
    <Tag color={COLORS[variant] ?? COLORS.default} data-variant={variant} style={{ marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}
