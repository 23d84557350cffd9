import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  loading?: boolean;
  danger?: boolean;
}

/** A yes/no question in a dialog: Cancel and Confirm unless other labels are given. */
export function ConfirmModal({ open, title, message, onConfirm, onCancel, confirmText, cancelText, loading, danger }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onOk={onConfirm}
      onCancel={onCancel}
      okText={confirmText ?? t('common.confirm')}
      cancelText={cancelText ?? t('common.cancel')}
      confirmLoading={loading}
      okButtonProps={{ danger }}
      centered
      destroyOnHidden
    >
      <Typography.Paragraph>{message}</Typography.Paragraph>
    </Modal>
  );
}
