import { CheckCircleFilled, MinusOutlined } from '@ant-design/icons';
import { Checkbox, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRIVILEGES, toPermissionGrid, type Permission, type PermissionLike, type Privilege } from '@/lib/permissions';

interface PrivilegeGridProps {
  /** One entry per module; missing modules count as all off. */
  value?: readonly PermissionLike[];
  /** Without it the grid is read-only. */
  onChange?: (next: Permission[]) => void;
  'aria-label': string;
}

const allOn = (rows: readonly Permission[], privilege: Privilege) => rows.every((row) => row[privilege]);
const someOn = (rows: readonly Permission[], privilege: Privilege) => rows.some((row) => row[privilege]);

/** A read-only cell: a green tick when the role allows it, a dash when not. */
function Granted({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <CheckCircleFilled role="img" aria-label={label} style={{ color: 'var(--gavel-granted)', fontSize: 16 }} />
  ) : (
    <MinusOutlined role="img" aria-label={label} style={{ opacity: 0.35 }} />
  );
}

/** Modules as rows, privileges as columns; when editable, a select-all checkbox per row and per column. */
export function PrivilegeGrid({ value, onChange, ...rest }: PrivilegeGridProps) {
  const { t } = useTranslation();
  const rows = toPermissionGrid(value);
  const readOnly = onChange === undefined;
  const update = (next: Permission[]) => onChange?.(next);
  const setCell = (module: string, privilege: Privilege, on: boolean) =>
    update(rows.map((row) => (row.module === module ? { ...row, [privilege]: on } : row)));
  const setRow = (module: string, on: boolean) =>
    update(rows.map((row) => (row.module === module ? { ...row, ...Object.fromEntries(PRIVILEGES.map((p) => [p, on])) } : row)));
  const setColumn = (privilege: Privilege, on: boolean) => update(rows.map((row) => ({ ...row, [privilege]: on })));

  const privilegeColumns: TableColumnsType<Permission> = PRIVILEGES.map((privilege) => ({
    key: privilege,
    align: 'center',
    title: readOnly ? (
      t(`privileges.${privilege}`)
    ) : (
      <Checkbox
        checked={allOn(rows, privilege)}
        indeterminate={someOn(rows, privilege) && !allOn(rows, privilege)}
        aria-checked={someOn(rows, privilege) && !allOn(rows, privilege) ? 'mixed' : undefined}
        onChange={(event) => setColumn(privilege, event.target.checked)}
        aria-label={t('privileges.selectColumn', { privilege: t(`privileges.${privilege}`) })}
      >
        {t(`privileges.${privilege}`)}
      </Checkbox>
    ),
    render: (_, row) => {
      const names = { module: t(`modules.${row.module}`), privilege: t(`privileges.${privilege}`) };
      if (readOnly) return <Granted on={row[privilege]} label={t(row[privilege] ? 'privileges.allowed' : 'privileges.notAllowed', names)} />;
      return <Checkbox checked={row[privilege]} onChange={(event) => setCell(row.module, privilege, event.target.checked)} aria-label={t('privileges.cell', names)} />;
    },
  }));

  const rowAll: TableColumnsType<Permission> = readOnly
    ? []
    : [
        {
          key: 'all',
          align: 'center',
          title: t('privileges.all'),
          render: (_, row) => {
            const on = PRIVILEGES.filter((privilege) => row[privilege]).length;
            return (
              <Checkbox
                checked={on === PRIVILEGES.length}
                indeterminate={on > 0 && on < PRIVILEGES.length}
                aria-checked={on > 0 && on < PRIVILEGES.length ? 'mixed' : undefined}
                onChange={(event) => setRow(row.module, event.target.checked)}
                aria-label={t('privileges.selectRow', { module: t(`modules.${row.module}`) })}
              />
            );
          },
        },
      ];

  const columns: TableColumnsType<Permission> = [
    { key: 'module', title: t('privileges.module'), render: (_, row) => t(`modules.${row.module}`) },
    ...rowAll,
    ...privilegeColumns,
  ];

  return (
    <Table<Permission>
      aria-label={rest['aria-label']}
      rowKey="module"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
