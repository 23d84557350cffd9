import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@/api/preferences';
import { useCreateSavedView, useDeleteSavedView, useSavedViews, useUpdateSavedView, type SavedView, type SavedViewFields } from '@/api/saved-views';
import { ConfirmModal } from '@/components/confirm-modal';
import { FormModal } from '@/components/form-modal';
import { IconButton } from '@/components/icon-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { ListKey } from '@/lib/list-keys';
import type { ListControls } from '@/lib/use-list-params';

/** The URL parameter naming the view that was picked: its columns are shown while the URL still matches it. */
export const SAVED_VIEW_PARAM = 'savedView';

/** What the views read and set of a list's URL state. */
export type ViewList = Pick<ListControls, 'search' | 'sortBy' | 'sortOrder' | 'replaceQuery'> & { filters: object };

const NAME_MAX = 60;

function filtersOf(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a).filter((key) => a[key]);
  return keys.length === Object.keys(b).filter((key) => b[key]).length && keys.every((key) => a[key] === b[key]);
}

/** The view asks for exactly the search, sort and filters in the URL. */
export function viewMatches(view: SavedView, list: ViewList): boolean {
  const sorted = view.sortBy && view.sortOrder ? `${view.sortBy} ${view.sortOrder}` : '';
  const listSorted = list.sortBy && list.sortOrder ? `${list.sortBy} ${list.sortOrder}` : '';
  return view.search.trim() === list.search.trim() && sorted === listSorted && sameFilters(view.filters, filtersOf(list.filters));
}

const narrows = (view: SavedView) => view.search.trim() !== '' || Boolean(view.sortBy) || Object.values(view.filters).some(Boolean);

export interface MatchedView {
  views: SavedView[];
  /** The view the URL shows: the one it names while it still matches, else the first that asks for this search, sort and filters. */
  matched: SavedView | undefined;
  /** The URL names the matched view (it was picked, or opened by its link): its columns apply. */
  named: boolean;
}

export function useMatchedView(listKey: ListKey, list: ViewList, namedId: string | null): MatchedView {
  const views = useSavedViews(listKey).data ?? [];
  const named = views.find((view) => view._id === namedId && viewMatches(view, list));
  const matched = named ?? views.find((view) => narrows(view) && viewMatches(view, list));
  return { views, matched, named: named !== undefined };
}

interface ViewFormValues {
  name: string;
  shared: boolean;
}

interface ViewFormModalProps {
  listKey: ListKey;
  /** The view renamed or shared; none: the current search, filters, sort and columns are saved as a new view. */
  view?: SavedView;
  current: Omit<SavedViewFields, 'name' | 'shared'>;
  open: boolean;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}

/** 'Save view…' (name, 'Share with everyone') or, for one of mine, its name and sharing changed. */
function ViewFormModal({ listKey, view, current, open, onClose, onSaved }: ViewFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ViewFormValues>();
  const create = useCreateSavedView(listKey);
  const update = useUpdateSavedView(listKey);
  const showError = useShowError();
  const toast = useToast();

  const submit = ({ name, shared }: ViewFormValues) => {
    const fields = { name: name.trim(), shared };
    const failed = (error: unknown) => showError(error, t('table.views.saveFailed'), form);
    if (view) {
      const { search, sortBy, sortOrder, filters, columns } = view;
      update.mutate(
        { id: view._id, body: { search, sortBy, sortOrder, filters, columns, ...fields } },
        {
          onSuccess: (saved) => {
            toast.success(t('table.views.updated', { name: saved.name }));
            onSaved(saved);
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { ...current, ...fields },
        {
          onSuccess: (saved) => {
            toast.success(t('table.views.saved', { name: saved.name }));
            onSaved(saved);
          },
          onError: failed,
        },
      );
    }
  };

  return (
    <FormModal<ViewFormValues>
      open={open}
      title={view ? t('table.views.editTitle') : t('table.views.saveTitle')}
      form={form}
      initialValues={view ? { name: view.name, shared: view.shared } : { name: '', shared: false }}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending || update.isPending}
      okText={t('common.save')}
      width={480}
    >
      {!view && <p>{t('table.views.saveHint')}</p>}
      <Form.Item
        name="name"
        label={t('table.views.name')}
        rules={[
          { required: true, whitespace: true, message: t('table.views.nameRequired') },
          { max: NAME_MAX, message: t('table.views.nameTooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input autoFocus maxLength={NAME_MAX + 1} />
      </Form.Item>
      <Form.Item name="shared" valuePropName="checked">
        <Checkbox>{t('table.views.share')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

interface SavedViewsProps {
  listKey: ListKey;
  list: ViewList;
  views: MatchedView;
  /** The columns shown now (null: the list's default), kept with a new view. */
  columns: ColumnSetting[] | null;
}

/**
 * The list's saved views: a picker of mine and the shared ones (which apply their search, filters, sort and columns
 * to the URL), 'Save view…', and for a view of mine that is showing: rename or share it, delete it.
 */
export function SavedViews({ listKey, list, views: { views, matched }, columns }: SavedViewsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const remove = useDeleteSavedView(listKey);
  const [dialog, setDialog] = useState<'save' | 'edit' | 'delete' | null>(null);

  const apply = (view: SavedView | undefined) => {
    if (!view) {
      list.replaceQuery({ search: '', filters: {} }, { [SAVED_VIEW_PARAM]: undefined });
      return;
    }
    list.replaceQuery({ search: view.search, sortBy: view.sortBy, sortOrder: view.sortOrder, filters: view.filters }, { [SAVED_VIEW_PARAM]: view._id });
  };

  const label = (view: SavedView) => (
    <Flex gap={6} align="center" className="saved-views__option">
      <span className="saved-views__name">{view.name}</span>
      {view.shared && <Tag className="saved-views__tag">{view.mine ? t('table.views.sharedByMe') : t('table.views.sharedBy', { name: view.ownerName })}</Tag>}
    </Flex>
  );
  const mine = views.filter((view) => view.mine);
  const others = views.filter((view) => !view.mine);
  const options = [
    ...(mine.length ? [{ label: t('table.views.mine'), title: t('table.views.mine'), options: mine.map((view) => ({ value: view._id, label: label(view), title: view.name })) }] : []),
    ...(others.length ? [{ label: t('table.views.shared'), title: t('table.views.shared'), options: others.map((view) => ({ value: view._id, label: label(view), title: view.name })) }] : []),
  ];
  const current = { search: list.search, sortBy: list.sortBy ?? null, sortOrder: list.sortBy ? (list.sortOrder ?? null) : null, filters: filtersOf(list.filters), columns };
  const own = matched?.mine ? matched : undefined;

  return (
    <Flex gap={8} align="center" wrap className="saved-views">
      <Select<string>
        aria-label={t('table.views.picker')}
        placeholder={t('table.views.placeholder')}
        value={matched?._id}
        options={options}
        // The chosen view by its name alone (a long owner's name left it no room beside the tag).
        labelRender={({ value }) => views.find((view) => view._id === value)?.name ?? null}
        onChange={(id) => apply(views.find((view) => view._id === id))}
        onClear={() => apply(undefined)}
        allowClear
        virtual={false}
        notFoundContent={t('table.views.none')}
        popupMatchSelectWidth={false}
        className="saved-views__picker"
      />
      <Button icon={<SaveOutlined aria-hidden />} onClick={() => setDialog('save')}>
        {t('table.views.save')}
      </Button>
      {own && (
        <>
          <IconButton icon={<EditOutlined />} label={t('table.views.edit', { name: own.name })} onClick={() => setDialog('edit')} />
          <IconButton icon={<DeleteOutlined />} danger label={t('table.views.delete', { name: own.name })} onClick={() => setDialog('delete')} />
        </>
      )}
      <ViewFormModal
        listKey={listKey}
        current={current}
        view={dialog === 'edit' ? own : undefined}
        open={dialog === 'save' || (dialog === 'edit' && own !== undefined)}
        onClose={() => setDialog(null)}
        onSaved={(view) => {
          setDialog(null);
          if (!own || view._id !== own._id) apply(view);
        }}
      />
      <ConfirmModal
        open={dialog === 'delete' && own !== undefined}
        title={t('table.views.deleteTitle')}
        message={t('table.views.deleteMessage', { name: own?.name ?? '' })}
        confirmText={t('table.views.deleteConfirm')}
        danger
        loading={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (!own) return;
          remove.mutate(own._id, {
            onSuccess: (answer) => {
              toast.success(answer.message);
              setDialog(null);
            },
            onError: (error) => showError(error, t('table.views.deleteFailed')),
          });
        }}
      />
    </Flex>
  );
}
