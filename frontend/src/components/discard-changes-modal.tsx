import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';

interface DiscardChangesModalProps {
  open: boolean;
  /** Keep editing: the form stays as it is. */
  onKeep: () => void;
  /** Discard: the edits are thrown away and the form closes (or the page is left). */
  onDiscard: () => void;
}

/** 'Discard changes?': asked before a form with unsaved edits closes or its page is left. */
export function DiscardChangesModal({ open, onKeep, onDiscard }: DiscardChangesModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={open}
      title={t('forms.discardTitle')}
      message={t('forms.discardMessage')}
      confirmText={t('forms.discard')}
      cancelText={t('forms.keepEditing')}
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}
