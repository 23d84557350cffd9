import { Button, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface LaneSafeConfirmProps {
  open: boolean;
  title: string;
  message: string;
  confirmText: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before a move that cannot be taken back; the focus starts on 'Back', so Enter Enter does nothing. */
export function LaneSafeConfirm({ open, title, message, confirmText, onConfirm, onCancel }: LaneSafeConfirmProps) {
  const { t } = useTranslation();
  const safe = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      centered
      destroyOnHidden
      afterOpenChange={(opened) => opened && safe.current?.focus()}
      footer={[
        <Button key="back" ref={safe} autoFocus onClick={onCancel}>
          {t('auctionEvents.live.confirm.back')}
        </Button>,
        <Button key="confirm" danger type="primary" onClick={onConfirm}>
          {confirmText}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{message}</Typography.Paragraph>
    </Modal>
  );
}
