import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/api/use-can';
import { MoneyInput } from '@/components/money-input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { IncrementTable } from '@/features/increments/api/get-increment-table';
import { useSaveIncrementTableMutation } from '@/features/increments/api/save-increment-table';
import { fromPriceProblem, fromTable, MAX_BANDS, newBand, pricesText, stepProblem, toBody, type IncrementFormValues } from '@/features/increments/lib/increment-form';

const check = (problem: string | undefined) => (problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem)));

interface Props {
  table: IncrementTable;
  /** Reads the table again (after someone else saved it): the form starts over from what is stored. */
  onReload: () => void;
}

/**
 * The increment table as rows of 'from price' and 'step' (AED), edited in place: add and remove rows, each amount
 * checked as typed (a letter is refused with a sentence, never changed), the whole table saved at once. The first
 * row starts at AED 0.00 and goes last; the server's refusals show at their cells; a save over someone else's
 * (409) offers to load theirs. Read-only without Settings edit.
 */
export function IncrementTableForm({ table, onReload }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Settings', 'edit');
  const [form] = Form.useForm<IncrementFormValues>();
  const save = useSaveIncrementTableMutation();
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const bands = Form.useWatch('bands', form) ?? fromTable(table).bands;

  const submit = (values: IncrementFormValues) =>
    save.mutate(toBody(values, table.version), {
      onSuccess: () => {
        setDirty(false);
        toast.success(t('increments.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setConflict(error.serverMessage ?? t('increments.errors.saveFailed'));
          return;
        }
        showError(error, t('increments.errors.saveFailed'), form);
      },
    });

  return (
    <Form<IncrementFormValues>
      form={form}
      initialValues={fromTable(table)}
      onFinish={submit}
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      scrollToFirstError
      aria-label={t('increments.formLabel')}
    >
      <UnsavedChangesGuard when={dirty} />
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={conflict}
          action={
            <Button size="small" disabled={false} onClick={onReload}>
              {t('increments.reload')}
            </Button>
          }
        />
      )}
      <Form.List name="bands">
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              aria-label={t('increments.tableLabel')}
              locale={{ emptyText: t('increments.empty') }}
              columns={[
                { key: 'band', title: t('increments.columns.band'), width: 90, render: (_, field) => t('increments.bandNumber', { n: field.name + 1 }) },
                {
                  key: 'fromPrice',
                  title: t('increments.columns.fromPrice'),
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'fromPrice']}
                      style={{ margin: 0 }}
                      dependencies={field.name > 0 ? [['bands', field.name - 1, 'fromPrice']] : []}
                      rules={field.name > 0 ? [({ getFieldValue }) => ({ validator: (_rule, text?: string | null) => check(fromPriceProblem(text, getFieldValue(['bands', field.name - 1, 'fromPrice']))) })] : []}
                      extra={field.name === 0 ? t('increments.firstStarts') : undefined}
                    >
                      <MoneyInput aria-label={t('increments.fromLabel', { n: field.name + 1 })} disabled={field.name === 0 || !canEdit} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'step',
                  title: t('increments.columns.step'),
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'step']}
                      style={{ margin: 0 }}
                      dependencies={field.name > 0 ? [['bands', field.name - 1, 'step']] : []}
                      rules={[({ getFieldValue }) => ({ validator: (_rule, text?: string | null) => check(stepProblem(text, field.name > 0 ? getFieldValue(['bands', field.name - 1, 'step']) : null)) })]}
                    >
                      <MoneyInput aria-label={t('increments.stepLabel', { n: field.name + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'prices',
                  title: t('increments.columns.prices'),
                  render: (_, field) => (
                    <Typography.Text type="secondary">{pricesText(bands[field.name]?.fromPrice, bands[field.name + 1]?.fromPrice, field.name === fields.length - 1)}</Typography.Text>
                  ),
                },
                ...(canEdit
                  ? [
                      {
                        key: 'remove',
                        width: 60,
                        render: (_: unknown, field: { name: number }) => {
                          // The first band starts at AED 0.00: it goes last, so that the table never starts elsewhere.
                          const keepsFirst = field.name === 0 && fields.length > 1;
                          return (
                            <Tooltip title={keepsFirst ? t('increments.firstGoesLast') : undefined}>
                              <Button
                                type="text"
                                danger
                                icon={<DeleteOutlined />}
                                aria-label={t('increments.remove', { n: field.name + 1 })}
                                disabled={keepsFirst}
                                onClick={() => {
                                  remove(field.name);
                                  setDirty(true);
                                }}
                              />
                            </Tooltip>
                          );
                        },
                      },
                    ]
                  : []),
              ]}
            />
            {canEdit && (
              <Flex gap={12} align="center" wrap>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_BANDS}
                  onClick={() => {
                    add(newBand(fields.length));
                    setDirty(true);
                  }}
                >
                  {t('increments.add')}
                </Button>
                {fields.length >= MAX_BANDS && <Typography.Text type="secondary">{t('increments.maxBands', { max: MAX_BANDS })}</Typography.Text>}
                <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginInlineStart: 'auto' }}>
                  {t('common.save')}
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Form.List>
    </Form>
  );
}
