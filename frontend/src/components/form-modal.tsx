import { useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '@/components/discard-changes-modal';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';

interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  initialValues?: FormProps<V>['initialValues'];
  /**
   * Sends the form. The dialog counts as sending until the mutations started here settle (and the promise, when
   * one is returned): meanwhile the submit button spins and another submit is ignored.
   */
  onSubmit: (values: V) => unknown;
  onCancel: () => void;
  onFinishFailed?: FormProps<V>['onFinishFailed'];
  loading?: boolean;
  okText?: ReactNode;
  /** The submit button stays disabled (a rule of the server refuses it; the dialog says why). */
  okDisabled?: boolean;
  width?: number;
  children: ReactNode;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * A dialog holding a form: OK submits it (so Enter in a text field works too), the fields start from
 * `initialValues` each time it opens, and nothing is kept after it closes. It forgives a hurried person:
 * - one submit at a time: a second click (or Enter) while the first is validated or sent is ignored at once,
 *   before React has re-rendered the spinning button;
 * - Enter in a date or time picker or a select picks there and never submits the dialog;
 * - closing it with edits (Esc, the close button, Cancel) asks 'Discard changes?', and so does leaving the page
 *   (a link, Back, a reload); an untouched form closes at once.
 */
export function FormModal<V>({ open, title, form, initialValues, onSubmit, onCancel, onFinishFailed, loading, okText, okDisabled, width = 640, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  // Taken synchronously by the first submit and given back when it is done: the guard against a double click.
  // 'validating' from the submit event, 'sending' from onFinish (form.submit() called directly skips the event).
  const submitting = useRef<'idle' | 'validating' | 'sending'>('idle');
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);

  // Every opening starts clean (the fields come from initialValues again).
  if (open !== wasOpen) {
    setWasOpen(open);
    setDirty(false);
    setAskingDiscard(false);
    setSending(false);
  }
  useEffect(() => {
    if (!open) submitting.current = 'idle';
  }, [open]);

  const release = () => {
    submitting.current = 'idle';
    setSending(false);
  };

  /** A submit (the OK button, Enter in a text field) while one is under way is dropped before validation. */
  const ignoreRepeatedSubmit = (event: { preventDefault: () => void; stopPropagation: () => void }) => {
    if (submitting.current !== 'idle') {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    submitting.current = 'validating';
    setSending(true);
  };

  const finish = (values: V) => {
    if (submitting.current === 'sending') return;
    submitting.current = 'sending';
    setSending(true);
    const cache = queryClient.getMutationCache();
    const before = new Set(cache.getAll());
    let result: unknown;
    try {
      result = onSubmit(values);
    } catch (error) {
      release();
      throw error;
    }
    // TanStack Query registers a mutation as pending synchronously in mutate(): these are the ones just sent.
    const started = cache.getAll().filter((mutation) => !before.has(mutation) && mutation.state.status === 'pending');
    const mutationsSettled = new Promise<void>((resolve) => {
      const settled = () => started.every((mutation) => mutation.state.status !== 'pending');
      if (settled()) {
        resolve();
        return;
      }
      const unsubscribe = cache.subscribe(() => {
        if (settled()) {
          unsubscribe();
          resolve();
        }
      });
    });
    const returned = isThenable(result) ? Promise.resolve(result).catch(() => undefined) : undefined;
    void Promise.all([mutationsSettled, returned]).then(release);
  };

  const failed: FormProps<V>['onFinishFailed'] = (info) => {
    release();
    onFinishFailed?.(info);
  };

  /** Enter in a picker or a select confirms the choice there; the browser must not also submit the form. */
  const keepEnterInPickers = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof Element)) return;
    if (event.target.closest(`.${getPrefixCls('picker')}, .${getPrefixCls('select')}`)) event.preventDefault();
  };

  const close = () => {
    if (dirty) setAskingDiscard(true);
    else onCancel();
  };

  return (
    <>
      <Modal
        open={open}
        title={title}
        onCancel={close}
        okText={okText ?? t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={loading || sending}
        okButtonProps={{ htmlType: 'submit', disabled: okDisabled }}
        width={width}
        mask={{ closable: false }}
        destroyOnHidden
        modalRender={(dom) => (
          <Form<V>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onFinish={finish}
            onFinishFailed={failed}
            onValuesChange={() => setDirty(true)}
            onSubmitCapture={ignoreRepeatedSubmit}
            onKeyDown={keepEnterInPickers}
            clearOnDestroy
            scrollToFirstError
          >
            {dom}
          </Form>
        )}
      >
        {children}
      </Modal>
      <DiscardChangesModal
        open={askingDiscard}
        onKeep={() => setAskingDiscard(false)}
        onDiscard={() => {
          setAskingDiscard(false);
          onCancel();
        }}
      />
      <UnsavedChangesGuard when={open && dirty} />
    </>
  );
}
