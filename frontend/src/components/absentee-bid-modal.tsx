import { Descriptions, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView, PersonRef } from '@/api/lot-types';
import { useEnterAbsenteeBidMutation } from '@/api/lots';
import { AbsenteeLotFields } from '@/components/absentee-lot-fields';
import { FormModal } from '@/components/form-modal';
import { MemberSearchSelect } from '@/components/member-search-select';
import { MoneyInput, moneyRules, moneyValue } from '@/components/money-input';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { formatAed } from '@/lib/money';
import { lanePlace, lotName } from '@/lib/lot-labels';
import '@/lib/i18n/strings/lots';

interface AbsenteeBidValues {
  eventId?: string;
  lotId?: string;
  memberId?: string;
  maximum: string | null;
}

interface AbsenteeBidModalProps {
  open: boolean;
  onClose: () => void;
  /** The lot, when the bid is entered from it (the event page); otherwise staff pick an event and a lot. */
  lot?: LotView;
  /** The member, when the bid is entered from their page; otherwise staff find them. */
  member?: PersonRef;
}

/**
 * 'Absentee bid': a member's maximum on a lot, entered by staff as a member phoning in asks
 * (POST /api/lots/{lotId}/absentee-bids). The maximum must reach the lot's asking price; the server's refusal (the
 * member's standing or buying power, a closed lot) shows at its field or in a toast, and the dialog stays open.
 */
export function AbsenteeBidModal({ open, onClose, lot, member }: AbsenteeBidModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<AbsenteeBidValues>();
  const enter = useEnterAbsenteeBidMutation();
  const [pickedLot, setPickedLot] = useState<LotView>();
  const [pickedMember, setPickedMember] = useState<PersonRef>();
  // Every opening starts with nothing picked, as the form's fields do.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setPickedLot(undefined);
    setPickedMember(undefined);
  }
  const target = lot ?? pickedLot;

  const submit = (values: AbsenteeBidValues) => {
    const lotId = lot?.id ?? values.lotId;
    const memberId = member?.id ?? values.memberId;
    const maximum = moneyValue(values.maximum);
    if (!lotId || !memberId || maximum === null) return;
    const name = member?.name ?? pickedMember?.name ?? '';
    enter.mutate(
      { lotId, body: { memberId, maximum } },
      {
        onSuccess: (saved) => {
          toast.success(t('lots.absentee.entered', { amount: formatAed(maximum), member: name, lot: lotName(saved) }));
          onClose();
        },
        onError: (error) => showError(error, t('lots.errors.enterFailed'), form),
      },
    );
  };

  return (
    <FormModal<AbsenteeBidValues>
      open={open}
      title={t('lots.absentee.title')}
      form={form}
      initialValues={{ maximum: null }}
      onSubmit={submit}
      onCancel={onClose}
      okText={t('lots.absentee.submit')}
      width={560}
    >
      {(lot || member) && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            ...(lot ? [{ key: 'lot', label: t('lots.absentee.lot'), children: `${lotName(lot)} · ${lanePlace(lot)}` }] : []),
            ...(member ? [{ key: 'member', label: t('lots.absentee.member'), children: member.name }] : []),
          ]}
        />
      )}
      {!lot && <AbsenteeLotFields onLot={setPickedLot} />}
      {!member && (
        <Form.Item label={t('lots.absentee.member')} name="memberId" rules={[{ required: true, message: t('lots.absentee.memberRequired') }]}>
          <MemberSearchSelect aria-label={t('lots.absentee.member')} onChange={(_, found) => setPickedMember(found ? { id: found._id, name: found.name } : undefined)} />
        </Form.Item>
      )}
      <Form.Item
        label={t('lots.absentee.maximum')}
        name="maximum"
        required
        extra={target ? t('lots.absentee.maximumHint', { asking: formatAed(target.asking) }) : undefined}
        rules={moneyRules({
          required: t('lots.absentee.maximumRequired'),
          positive: t('lots.absentee.maximumPositive'),
          min: target ? { amount: target.asking, message: (aed) => t('lots.absentee.belowAsking', { asking: aed }) } : undefined,
        })}
      >
        <MoneyInput aria-label={t('lots.absentee.maximum')} />
      </Form.Item>
    </FormModal>
  );
}
