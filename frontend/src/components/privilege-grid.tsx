import { CheckCircleFilled, MinusOutlined } from '@ant-design/icons';
import { Checkbox, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivilegeTable } from '@/api/privilege-table';
import { boxAllows, PRIVILEGES, toPermissionGrid, type Permission, type PermissionLike, type Privilege } from '@/lib/permissions';

interface PrivilegeGridProps {
  /** One entry per module; missing modules count as all off. */
  value?: readonly PermissionLike[];
  /** Without it the grid is read-only. */
  onChange?: (next: Permission[]) => void;
  'aria-label': string;
}

/** A read-only cell: a green tick when the role allows it, a dash when not. */
function Granted({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <CheckCircleFilled role="img" aria-label={label} style={{ color: 'var(--gavel-granted)', fontSize: 16 }} />
  ) : (
    <MinusOutlined role="img" aria-label={label} style={{ opacity: 0.35 }} />
  );
}

/**
 * Modules as rows, privileges as columns; when editable, a select-all checkbox per row and per column. Each box
 * says what it allows in a tooltip ('Payments · Delete: void invoices', from GET /api/role/privileges); a box
 * that allows nothing in a module is not offered there, and no select-all ticks it.
 */
export function PrivilegeGrid({ value, onChange, ...rest }: PrivilegeGridProps) {
  const { t } = useTranslation();
  const table = usePrivilegeTable();
  const rows = toPermissionGrid(value);
  const readOnly = onChange === undefined;
  const offered = (module: string, privilege: Privilege) => boxAllows(table, module, privilege) !== undefined;
  const offeredIn = (row: Permission) => PRIVILEGES.filter((privilege) => offered(row.module, privilege));
  const offeringRows = (privilege: Privilege) => rows.filter((row) => offered(row.module, privilege));
  const update = (next: Permission[]) => onChange?.(next);
  const setCell = (module: string, privilege: Privilege, on: boolean) =>
    update(rows.map((row) => (row.module === module ? { ...row, [privilege]: on } : row)));
  const setRow = (module: string, on: boolean) =>
    update(rows.map((row) => (row.module === module ? { ...row, ...Object.fromEntries(offeredIn(row).map((p) => [p, on])) } : row)));
  const setColumn = (privilege: Privilege, on: boolean) =>
    update(rows.map((row) => (offered(row.module, privilege) ? { ...row, [privilege]: on } : row)));

  const privilegeColumns: TableColumnsType<Permission> = PRIVILEGES.map((privilege) => {
    const column = offeringRows(privilege);
    const all = column.length > 0 && column.every((row) => row[privilege]);
    const some = column.some((row) => row[privilege]);
    return {
      key: privilege,
      align: 'center',
      title: readOnly ? (
        t(`privileges.${privilege}`)
      ) : (
        <Checkbox
          checked={all}
          indeterminate={some && !all}
          aria-checked={some && !all ? 'mixed' : undefined}
          onChange={(event) => setColumn(privilege, event.target.checked)}
          aria-label={t('privileges.selectColumn', { privilege: t(`privileges.${privilege}`) })}
        >
          {t(`privileges.${privilege}`)}
        </Checkbox>
      ),
      render: (_, row) => {
        const names = { module: t(`modules.${row.module}`), privilege: t(`privileges.${privilege}`) };
        const allows = boxAllows(table, row.module, privilege);
        if (allows === undefined) {
          const nothing = t('privileges.allowsNothing', names);
          return (
            <Tooltip title={nothing}>
              <span role="img" aria-label={nothing} style={{ opacity: 0.2 }}>
                ·
              </span>
            </Tooltip>
          );
        }
        const tip = allows ? t('privileges.allows', { ...names, allows }) : undefined;
        const cell = readOnly ? (
          <Granted on={row[privilege]} label={t(row[privilege] ? 'privileges.allowed' : 'privileges.notAllowed', names)} />
        ) : (
          <Checkbox
            checked={row[privilege]}
            onChange={(event) => setCell(row.module, privilege, event.target.checked)}
            aria-label={t('privileges.cell', names)}
          />
        );
        return tip ? (
          <Tooltip title={tip}>
            <span>{cell}</span>
          </Tooltip>
        ) : (
          cell
        );
      },
    };
  });

  const rowAll: TableColumnsType<Permission> = readOnly
    ? []
    : [
        {
          key: 'all',
          align: 'center',
          title: t('privileges.all'),
          render: (_, row) => {
            const boxes = offeredIn(row);
            const on = boxes.filter((privilege) => row[privilege]).length;
            return (
              <Checkbox
                checked={on > 0 && on === boxes.length}
                indeterminate={on > 0 && on < boxes.length}
                aria-checked={on > 0 && on < boxes.length ? 'mixed' : undefined}
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
