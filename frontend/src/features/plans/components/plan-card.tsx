import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { IconButton } from '@/components/icon-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeletePlansMutation } from '@/features/plans/api/delete-plans';
import type { Plan } from '@/features/plans/api/list-plans';
import { hasDiscount } from '@/features/plans/lib/plan-form';
import { formatAed } from '@/lib/money';

interface PlanCardProps {
  plan: Plan;
  onEdit: (plan: Plan) => void;
  onSubscribers: (plan: Plan) => void;
}

/**
 * One plan: name and tag, price in AED (the original struck through when discounted), buying power, subscribers
 * and the deposits they hold; 'Subscribers' lists them.
 */
export function PlanCard({ plan, onEdit, onSubscribers }: PlanCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Settings', 'edit');
  const canDelete = useCan('Settings', 'delete');
  const remove = useDeletePlansMutation();
  const discounted = hasDiscount(plan);

  const actions = [
    <IconButton key="subscribers" icon={<TeamOutlined />} label={t('plans.subscribersOf', { name: plan.name })} onClick={() => onSubscribers(plan)} />,
    canEdit && <IconButton key="edit" icon={<EditOutlined />} label={t('plans.editNamed', { name: plan.name })} onClick={() => onEdit(plan)} />,
    canDelete && (
      <ConfirmButton
        key="delete"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('plans.deleteNamed', { name: plan.name })}
        title={t('plans.deleteTitle')}
        message={t('plans.deleteMessage', { name: plan.name })}
        onConfirm={() =>
          remove.mutateAsync([plan._id]).then(
            (answer) => toast.success(answer.message),
            (error: unknown) => showError(error, t('errors.deletePlanFailed')),
          )
        }
      />
    ),
  ].filter(Boolean);

  return (
    <article aria-label={plan.name} style={{ height: '100%' }}>
      {/* Ant Design cuts a long title with an ellipsis; the full name shows on hover. */}
      <Card title={<span title={plan.name}>{plan.name}</span>} extra={plan.tag && <Tag color="blue">{plan.tag}</Tag>} actions={actions.length > 0 ? actions : undefined} style={{ height: '100%' }}>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 24 }}>
            {formatAed(discounted ? plan.amountAfterDiscount : plan.planAmount)}
          </Typography.Text>
          {discounted && (
            <Typography.Text delete type="secondary" aria-label={t('plans.originalPrice', { price: formatAed(plan.planAmount) })}>
              {formatAed(plan.planAmount)}
            </Typography.Text>
          )}
        </Flex>
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 12 }}
          items={[
            { key: 'power', label: t('plans.buyingPower'), children: formatAed(plan.buyingPower) },
            { key: 'subscribers', label: t('plans.subscribers'), children: plan.totalSubscribers },
            { key: 'deposits', label: t('plans.depositsHeld'), children: formatAed(plan.depositsHeld) },
          ]}
        />
        {plan.description && <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{plan.description}</Typography.Paragraph>}
      </Card>
    </article>
  );
}
