import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { MemberSearchSelect } from '@/components/member-search-select';
import { useShowError } from '@/components/use-show-error';
import '@/lib/i18n/strings/lots';

interface FloorBuyerValues {
  buyerId?: string;
  note?: string;
}

interface FloorBuyerModalProps {
  open: boolean;
  title: string;
  message: string;
  okText: string;
  /** Records the sale to the chosen member; the dialog closes when it succeeds, the server's refusal shows at its field or in a toast. */
  onSell: (buyerId: string, note: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A sale of a lot that only the floor led: nobody on the bid log is a member, so staff name the member who buys it
 * (the server's buyerId) before the seller's acceptance, or the buyer's of a counter-offer, is recorded.
 */
export function FloorBuyerModal({ open, title, message, okText, onSell, onClose }: FloorBuyerModalProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [form] = Form.useForm<FloorBuyerValues>();

  const submit = async (values: FloorBuyerValues) => {
    if (!values.buyerId) return;
    try {
      await onSell(values.buyerId, values.note?.trim() || undefined);
      onClose();
    } catch (error) {
      showError(error, t('lots.errors.approvalFailed'), form);
    }
  };

  return (
    <FormModal<FloorBuyerValues> open={open} title={title} form={form} onSubmit={submit} onCancel={onClose} okText={okText} width={520}>
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <Form.Item label={t('lots.approval.floorBuyer')} name="buyerId" extra={t('lots.approval.floorBuyerHint')} rules={[{ required: true, message: t('lots.approval.floorBuyerRequired') }]}>
        <MemberSearchSelect aria-label={t('lots.approval.floorBuyer')} />
      </Form.Item>
      <Form.Item label={t('lots.approval.note')} name="note" rules={[{ max: 500, message: t('lots.approval.noteLength') }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
