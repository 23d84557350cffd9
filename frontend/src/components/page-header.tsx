import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title (the page's h1) with its main actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" wrap gap={12}>
      <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
        {title}
      </Typography.Title>
      {actions && (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
