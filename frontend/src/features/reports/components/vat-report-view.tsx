import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import type { VatByRate, VatDocument, VatReport } from '@/features/reports/api/get-vat-report';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface Props {
  data: VatReport | undefined;
  loading: boolean;
  list: ListControls<'dates'>;
}

/** Output VAT by rate, the VAT return's figures, and a page of the documents behind them. */
export function VatReportView({ data, loading, list }: Props) {
  const { t } = useTranslation();
  const netOf = (net: string, vat: string) => t('reports.vat.netOf', { net: formatAed(net), vat: formatAed(vat) });
  const rates: TableColumnsType<VatByRate> = [
    { title: t('reports.vat.rate'), dataIndex: 'rate', render: (rate: string) => `${Number(rate)}%` },
    { title: t('reports.vat.sales'), key: 'sales', render: (_, r) => netOf(r.salesNet, r.salesVat) },
    { title: t('reports.vat.creditNotes'), key: 'creditNotes', render: (_, r) => netOf(r.creditNotesNet, r.creditNotesVat) },
    { title: t('reports.vat.sellerFees'), key: 'sellerFees', render: (_, r) => netOf(r.sellerFeesNet, r.sellerFeesVat) },
    { title: t('reports.vat.net'), dataIndex: 'net', align: 'end', render: formatAed },
    { title: t('reports.vat.vatAmount'), dataIndex: 'vat', align: 'end', render: formatAed },
  ];
  const documents: TableColumnsType<VatDocument> = [
    // The document pinned at the start, its VAT (the report's key figure) next: in view at 1024 px.
    { key: 'invoiceNo', title: t('reports.vat.document'), dataIndex: 'invoiceNo', fixed: 'start' },
    { key: 'vat', title: t('reports.vat.vatAmount'), dataIndex: 'vat', align: 'end', render: formatAed },
    { key: 'kind', title: t('reports.vat.kind'), dataIndex: 'kind', render: (kind: string) => t(`reports.kind.${kind}`, { defaultValue: kind }) },
    { key: 'issuedAt', title: t('reports.vat.issued'), dataIndex: 'issuedAt', render: (at: string) => formatDate(at) },
    { key: 'partyName', title: t('reports.vat.customer'), dataIndex: 'partyName' },
    { key: 'partyTrn', title: t('reports.vat.customerTrn'), dataIndex: 'partyTrn', render: (trn: string | null) => trn ?? '' },
    { key: 'standardNet', title: t('reports.vat.standardNet'), dataIndex: 'standardNet', align: 'end', render: formatAed },
    { key: 'zeroNet', title: t('reports.vat.zeroNet'), dataIndex: 'zeroNet', align: 'end', render: formatAed },
  ];
  const box = data?.vatReturn;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('reports.vat.explain')}</Typography.Text>
      {box && (
        <ReportTotals
          title={t('reports.vat.return')}
          items={[
            { key: 'trn', label: t('reports.vat.trn'), value: data.businessTrn ?? t('common.notAvailable') },
            { key: 'box1', label: t('reports.vat.box1'), value: formatAed(box.standardRatedSupplies) },
            { key: 'box1Vat', label: t('reports.vat.box1Vat'), value: formatAed(box.standardRatedVat) },
            { key: 'noVat', label: t('reports.vat.noVat'), value: formatAed(box.noVatAmount) },
            { key: 'total', label: t('reports.vat.totalVat'), value: formatAed(box.totalOutputVat) },
          ]}
        />
      )}
      <Table<VatByRate>
        aria-label={t('reports.vat.byRateLabel')}
        title={() => t('reports.vat.byRateLabel')}
        size="small"
        rowKey="rate"
        pagination={false}
        loading={loading}
        columns={rates}
        dataSource={data?.byRate}
      />
      <DataTable<VatDocument> listKey="report-vat-documents" cardColumns={['invoiceNo', 'vat', 'partyName']}
        aria-label={t('reports.vat.documentsLabel')}
        columns={documents}
        rows={data?.data}
        total={data?.totalMatching ?? 0}
        loading={loading}
        list={list}
      />
    </Flex>
  );
}
