import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@/api/preferences';
import { moveColumn } from '@/components/table-columns';
import { useSide } from '@/components/use-side';

export interface ChooserColumn {
  key: string;
  /** The column's name in words (for the buttons' names). */
  name: string;
  title: ReactNode;
}

interface ColumnChooserProps {
  /** The choosable columns by key ('actions' is not among them). */
  columns: ChooserColumn[];
  layout: ColumnSetting[];
  onChange: (layout: ColumnSetting[]) => void;
  onReset: () => void;
  /** The layout is the default already: Reset has nothing to do. */
  isDefault: boolean;
}

/**
 * 'Columns': a checkbox per column to show or hide it, 'Move up' and 'Move down' buttons (the focus stays on the
 * button of the column that moved, so a keyboard user can press again), and 'Reset' back to the list's default.
 * The last shown column cannot be hidden.
 */
export function ColumnChooser({ columns, layout, onChange, onReset, isDefault }: ColumnChooserProps) {
  const { t } = useTranslation();
  const { placement } = useSide();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  /** The button to focus once the moved column is in its new place ('up:key'); its key's other button at either end. */
  const focusAfterMove = useRef<string | null>(null);
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const shownCount = layout.filter((setting) => setting.visible).length;

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (wanted === null) return;
    focusAfterMove.current = null;
    const key = CSS.escape(wanted.slice(wanted.indexOf(':') + 1));
    const button = panel.current?.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(wanted)}"]:not(:disabled)`);
    (button ?? panel.current?.querySelector<HTMLButtonElement>(`[data-move-key="${key}"]:not(:disabled)`))?.focus();
  }, [layout]);

  const move = (index: number, by: -1 | 1) => {
    const setting = layout[index];
    if (!setting) return;
    onChange(moveColumn(layout, index, by));
    focusAfterMove.current = `${by < 0 ? 'up' : 'down'}:${setting.key}`;
  };

  const content = (
    <div ref={panel} role="group" aria-label={t('table.columns.title')} className="column-chooser">
      <ul className="column-chooser__list">
        {layout.map((setting, index) => {
          const column = byKey.get(setting.key);
          if (!column) return null;
          const lastShown = setting.visible && shownCount === 1;
          return (
            <li key={setting.key} className="column-chooser__item">
              <Tooltip title={lastShown ? t('table.columns.keepOne') : undefined}>
                <Checkbox
                  checked={setting.visible}
                  disabled={lastShown}
                  aria-label={t('table.columns.show', { name: column.name })}
                  onChange={(event) => onChange(layout.map((item) => (item.key === setting.key ? { ...item, visible: event.target.checked } : item)))}
                >
                  {column.title}
                </Checkbox>
              </Tooltip>
              <Flex gap={2}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('table.columns.moveUp', { name: column.name })}
                  data-move={`up:${setting.key}`}
                  data-move-key={setting.key}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('table.columns.moveDown', { name: column.name })}
                  data-move={`down:${setting.key}`}
                  data-move-key={setting.key}
                  disabled={index === layout.length - 1}
                  onClick={() => move(index, 1)}
                />
              </Flex>
            </li>
          );
        })}
      </ul>
      <Flex justify="space-between" align="center" gap={8} className="column-chooser__foot">
        <Typography.Text type="secondary">{t('table.columns.hint')}</Typography.Text>
        <Button size="small" onClick={onReset} disabled={isDefault}>
          {t('table.columns.reset')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover content={content} title={t('table.columns.title')} trigger="click" placement={placement('bottomEnd')} open={open} onOpenChange={setOpen}>
      <Button icon={<SettingOutlined aria-hidden />} aria-expanded={open} aria-haspopup="dialog">
        {t('table.columns.button')}
      </Button>
    </Popover>
  );
}
