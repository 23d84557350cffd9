import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BulkBarProps {
  count: number;
  onClear: () => void;
  children: ReactNode;
}

/** The actions for the selected rows: how many are chosen, what can be done to them, and a way out. */
export function BulkBar({ count, onClear, children }: BulkBarProps) {
  const { t } = useTranslation();
  return (
    <Flex role="toolbar" aria-label={t('table.bulkActions')} align="center" gap={12} wrap className="bulk-bar">
      <Typography.Text strong>{t('table.selected', { count })}</Typography.Text>
      {children}
      <Button type="link" onClick={onClear}>
        {t('table.clearSelection')}
      </Button>
    </Flex>
  );
}
