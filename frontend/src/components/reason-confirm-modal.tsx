import { Form, Input, Modal, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';

/** The server's limits of a status reason (members and vehicles update-status). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export type ReasonNeed = 'required' | 'optional';

interface ReasonConfirmModalProps {
  open: boolean;
  /** The question, naming the records: 'Reject Majid Seller1?', 'Deactivate 3 members?'. */
  title: ReactNode;
  message?: ReactNode;
  /** The confirm button: the action in one word ('Reject'); Confirm unless given. */
  confirmText?: ReactNode;
  /** The button that changes nothing: Cancel unless given. */
  cancelText?: ReactNode;
  /** Whether a reason is asked for; none: a plain yes or no. */
  reason?: ReasonNeed;
  /**
   * Does the change, with the trimmed reason when one was typed. While its promise runs the dialog waits; when it
   * fails, a server error about `reason` shows at the field and the dialog stays open with what was typed, any
   * other error is toasted (`errorText` unless the server said more) and the dialog closes.
   */
  onConfirm: (reason: string | undefined) => unknown;
  onClose: () => void;
  errorText: string;
}

interface ReasonValues {
  reason?: string;
}

/** Confirms a destructive or irreversible change, asking why when the business needs to know. */
export function ReasonConfirmModal({ open, title, message, confirmText, cancelText, reason, onConfirm, onClose, errorText }: ReasonConfirmModalProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [form] = Form.useForm<ReasonValues>();
  const [running, setRunning] = useState(false);
  // A double click on the confirm button sends one change: the second is dropped before React re-renders.
  const busy = useRef(false);

  const confirm = async (values: ReasonValues) => {
    if (busy.current) return;
    busy.current = true;
    const typed = values.reason?.trim();
    setRunning(true);
    try {
      await onConfirm(typed === '' ? undefined : typed);
      onClose();
    } catch (error) {
      const marked = showError(error, errorText, form);
      if (marked.length === 0) onClose();
    } finally {
      busy.current = false;
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={confirmText ?? t('common.confirm')}
      cancelText={cancelText ?? t('common.cancel')}
      confirmLoading={running}
      okButtonProps={{ danger: true, htmlType: 'submit' }}
      centered
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<ReasonValues> form={form} layout="vertical" onFinish={(values) => void confirm(values)} clearOnDestroy>
          {dom}
        </Form>
      )}
    >
      {message && <Typography.Paragraph>{message}</Typography.Paragraph>}
      {reason && (
        <Form.Item
          label={t('statusChange.reason')}
          name="reason"
          extra={reason === 'required' ? t('statusChange.reasonHint') : t('statusChange.reasonOptionalHint')}
          rules={[
            ...(reason === 'required' ? [{ required: true, whitespace: true, message: t('statusChange.reasonRequired') }] : []),
            { min: REASON_MIN, max: REASON_MAX, transform: (value?: string) => value?.trim() || undefined, message: t('statusChange.reasonLength', { min: REASON_MIN, max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      )}
    </Modal>
  );
}
