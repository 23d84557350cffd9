import { CarOutlined, IdcardOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReviewBadges } from '@/api/review-badges';
import { paths } from '@/lib/paths';

interface ReviewBadgeProps {
  count: number | null | undefined;
  to: string;
  label: string;
  icon: ReactNode;
}

/** Hidden while nothing waits, or when the role may not view the module (the count is null then). */
function ReviewBadge({ count, to, label, icon }: ReviewBadgeProps) {
  if (!count) return null;
  return (
    <Tooltip title={label}>
      <Link to={to} aria-label={label} className="top-bar__badge">
        <Badge count={count} overflowCount={999} size="small">
          <Button type="text" tabIndex={-1} icon={icon} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

/** The top bar's two review badges: members and vehicles waiting for review, each opening its review list. */
export function ReviewBadges() {
  const { t } = useTranslation();
  const { data } = useReviewBadges();
  return (
    <>
      <ReviewBadge
        count={data?.membersPending}
        to={paths.reviewMembers}
        label={t('topBar.membersWaiting', { count: data?.membersPending ?? 0 })}
        icon={<IdcardOutlined />}
      />
      <ReviewBadge
        count={data?.vehiclesReview}
        to={paths.reviewVehicles}
        label={t('topBar.vehiclesWaiting', { count: data?.vehiclesReview ?? 0 })}
        icon={<CarOutlined />}
      />
    </>
  );
}
