import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivilegeTable } from '@/api/privilege-table';
import { grantedInWords, type PermissionLike } from '@/lib/permissions';

/** What a role allows, in words, a module a line: 'Payments · Add: record payments and request refunds; Delete:
 * void invoices' (the words of GET /api/role/privileges, as the grid's tooltips). */
export function PrivilegeSummary({ permissions, 'aria-label': label }: { permissions: readonly PermissionLike[]; 'aria-label': string }) {
  const { t } = useTranslation();
  const table = usePrivilegeTable();
  if (!table) return null;
  const granted = grantedInWords(table, permissions);
  if (granted.length === 0) return <Typography.Text type="secondary">{t('privileges.noneGranted')}</Typography.Text>;
  return (
    <ul aria-label={label} style={{ margin: 0, paddingInlineStart: 20 }}>
      {granted.map((row) => (
        <li key={row.module}>
          <Typography.Text strong>{t(`modules.${row.module}`)}</Typography.Text>
          {' · '}
          {row.boxes.map((box) => t('privileges.box', { privilege: t(`privileges.${box.privilege}`), allows: box.allows })).join('; ')}
        </li>
      ))}
    </ul>
  );
}
