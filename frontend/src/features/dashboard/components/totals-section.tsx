import { Card, Col, Flex, Row, Statistic, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { totalsGroups, type DashboardTotals, type TotalsFigure, type TotalsGroup } from '@/features/dashboard/lib/totals-figures';

/** A figure; one that opens a list shows its number in the link colour of the theme. */
function FigureTile({ figure }: { figure: TotalsFigure }) {
  const { token } = theme.useToken();
  const stat = <Statistic title={figure.label} value={figure.value} styles={figure.to ? { content: { color: token.colorLink } } : undefined} />;
  return (
    <div style={{ minWidth: 110 }}>
      {figure.to ? (
        <Link to={figure.to} aria-label={`${figure.label}: ${figure.value}`}>
          {stat}
        </Link>
      ) : (
        stat
      )}
      {figure.hint && (
        <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 240, fontSize: 12 }}>
          {figure.hint}
        </Typography.Text>
      )}
    </div>
  );
}

function GroupCard({ group }: { group: TotalsGroup }) {
  return (
    <Card size="small" title={<Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>{group.title}</Typography.Title>}>
      <Flex vertical gap={12}>
        {group.rows.map((row) => (
          <section key={row.key} aria-label={row.title ? `${group.title}: ${row.title}` : group.title}>
            {row.title && <Typography.Text strong>{row.title}</Typography.Text>}
            <Flex wrap gap={16}>
              {row.figures.map((figure) => (
                <FigureTile key={figure.key} figure={figure} />
              ))}
            </Flex>
            {row.note && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.note}
              </Typography.Text>
            )}
          </section>
        ))}
      </Flex>
    </Card>
  );
}

/**
 * The counts of SPEC.md section 3 by module, left out for a module the role may not view. They are the lists'
 * own counts (docs/decisions.md, issue 15); a figure opens the list whose rows it counts, already filtered.
 */
export function TotalsSection({ totals }: { totals: DashboardTotals }) {
  const { t } = useTranslation();
  const groups = totalsGroups(totals, t);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-totals-title">
      <Typography.Title level={2} id="dashboard-totals-title" style={{ fontSize: 20 }}>
        {t('dashboardTotals.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboardTotals.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {groups.map((group) => (
          <Col key={group.key} xs={24} xl={12}>
            <GroupCard group={group} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
