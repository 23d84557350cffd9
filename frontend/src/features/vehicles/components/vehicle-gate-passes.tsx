import { DownloadOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusBadge } from '@/components/status-badge';
import { useErrorToast } from '@/components/use-error-toast';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCancelGatePassMutation } from '@/features/vehicles/api/cancel-gate-pass';
import { downloadGatePassPdf } from '@/features/vehicles/api/download-gate-pass-pdf';
import { useGatePasses, type GatePass } from '@/features/vehicles/api/get-gate-passes';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { useIssueGatePassMutation } from '@/features/vehicles/api/issue-gate-pass';
import { gatePassVariant } from '@/features/vehicles/lib/money-labels';
import { gatePassLabel } from '@/features/vehicles/lib/progress-fields';
import { usePdfDownload } from '@/components/use-pdf-download';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';

/** A pass the gate still takes: generated or scanned, not used and not cancelled. */
function isActive(gatePass: GatePass): boolean {
  return gatePass.status === 'Generated' || gatePass.status === 'Scanned';
}

/**
 * The vehicle's gate passes, newest first, and 'Generate gate pass' for a role that may change vehicle steps. The
 * server issues one only when the invoice is paid in full, storage to the day included; otherwise its refusal
 * (what is still owed) stays in view. A vehicle has one live pass: a new one replaces the live one, so that is
 * asked first and the request names the pass it replaces. One click, one pass: the button is disabled while its
 * request runs, and a second click in the same moment sends nothing (the server refuses a second live pass too).
 * Each pass shows its short gate code; the code the QR carries is shown once, right after the pass is generated.
 */
export function VehicleGatePasses({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canUpdate = useCan('Vehicles', 'updateStatus');
  const query = useGatePasses(vehicle._id);
  const issue = useIssueGatePassMutation();
  const cancel = useCancelGatePassMutation();
  const pdf = usePdfDownload(t('vehicles.errors.pdfFailed'));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [issued, setIssued] = useState<GatePass | null>(null);
  // Set as a request leaves, before the button re-renders disabled: a double click sends one request.
  const issuing = useRef(false);
  // Now, as the tab opened: whether an unused pass has expired.
  const [now] = useState(() => Date.now());
  useErrorToast(query.error, t('vehicles.errors.gatePassesFailed'));

  const lot = t('vehicles.lot', { number: vehicle.vehicleLotNumber });
  const passes = query.data ?? [];
  const active = passes.find(isActive);
  const gone = vehicle.isReleased || vehicle.gatePassStatus === 'Picked Up';
  const expired = (gatePass: GatePass) => isActive(gatePass) && new Date(gatePass.validUntil).getTime() < now;

  const generate = (replaces?: string) => {
    if (issuing.current) return Promise.resolve();
    issuing.current = true;
    return issue.mutateAsync({ vehicleId: vehicle._id, replaces }).then(
      (answer) => {
        issuing.current = false;
        setRefusal(null);
        setIssued(answer.data);
        toast.success(t('vehicles.gatePasses.generated', { lot, until: formatDateTime(answer.data.validUntil) }));
      },
      (error: unknown) => {
        issuing.current = false;
        setIssued(null);
        // A refusal says what is still owed, or that a pass is already live: it stays in view rather than in a
        // toast that closes.
        if (error instanceof ApiError && error.status === 409) setRefusal(errorMessage(error, t('vehicles.errors.generateGatePassFailed')));
        else showError(error, t('vehicles.errors.generateGatePassFailed'));
      },
    );
  };

  const cancelPass = (gatePass: GatePass) =>
    cancel.mutateAsync(gatePass._id).then(
      () => {
        if (issued?._id === gatePass._id) setIssued(null);
        toast.success(t('vehicles.gatePasses.cancelled', { lot }));
      },
      (error: unknown) => showError(error, t('vehicles.errors.cancelGatePassFailed')),
    );

  const columns: TableColumnsType<GatePass> = [
    { key: 'code', title: t('vehicles.gatePasses.gateCode'), render: (_, gatePass) => <Typography.Text code>{gatePass.code}</Typography.Text> },
    { key: 'issued', title: t('vehicles.gatePasses.issued'), render: (_, gatePass) => formatDateTime(gatePass.issuedAt) },
    { key: 'validUntil', title: t('vehicles.gatePasses.validUntil'), render: (_, gatePass) => formatDateTime(gatePass.validUntil) },
    {
      key: 'status',
      title: t('vehicles.gatePasses.status'),
      render: (_, gatePass) =>
        expired(gatePass) ? (
          <StatusBadge variant="danger">{t('vehicles.gatePasses.expired')}</StatusBadge>
        ) : (
          <StatusBadge variant={gatePassVariant(gatePass.status)}>{gatePassLabel(gatePass.status)}</StatusBadge>
        ),
    },
    { key: 'scannedAt', title: t('vehicles.gatePasses.scannedAt'), render: (_, gatePass) => formatDateTime(gatePass.scannedAt) },
    { key: 'pickedUpAt', title: t('vehicles.gatePasses.pickedUpAt'), render: (_, gatePass) => formatDateTime(gatePass.pickedUpAt) },
    {
      key: 'driver',
      title: t('vehicles.gatePasses.driver'),
      render: (_, gatePass) =>
        gatePass.driverName ? t('vehicles.gatePasses.driverValue', { name: gatePass.driverName, id: gatePass.driverEmiratesId ?? t('common.notAvailable') }) : t('common.notAvailable'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, gatePass) =>
        isActive(gatePass) && (
          <Flex gap={8} wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={pdf.running === gatePass._id}
              onClick={() => pdf.start(gatePass._id, () => downloadGatePassPdf(gatePass, `gate-pass-lot-${vehicle.vehicleLotNumber}.pdf`))}
            >
              {t('vehicles.gatePasses.download')}
            </Button>
            {canUpdate && (
              <ConfirmButton
                danger
                icon={<StopOutlined />}
                title={t('vehicles.gatePasses.cancelTitle', { lot })}
                message={t('vehicles.gatePasses.cancelMessage')}
                onConfirm={() => cancelPass(gatePass)}
              >
                {t('vehicles.gatePasses.cancel')}
              </ConfirmButton>
            )}
          </Flex>
        ),
    },
  ];

  const title = t('vehicles.gatePasses.title');
  const generateLabel = t('vehicles.gatePasses.generate');
  return (
    <section aria-label={title}>
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {canUpdate &&
          !gone &&
          (active ? (
            <ConfirmButton
              type="primary"
              icon={<SafetyCertificateOutlined />}
              title={t('vehicles.gatePasses.replaceTitle', { lot })}
              message={t('vehicles.gatePasses.replaceMessage', { lot })}
              onConfirm={() => generate(active._id)}
              disabled={issue.isPending}
            >
              {generateLabel}
            </ConfirmButton>
          ) : (
            <Button type="primary" icon={<SafetyCertificateOutlined />} loading={issue.isPending} disabled={issue.isPending} onClick={() => void generate()}>
              {generateLabel}
            </Button>
          ))}
      </Flex>
      <Flex vertical gap={12}>
        {gone && <Alert type="success" showIcon title={t('vehicles.gatePasses.gone', { lot })} />}
        {refusal && <Alert type="error" showIcon closable={{ onClose: () => setRefusal(null) }} title={t('vehicles.gatePasses.refused', { lot })} description={refusal} />}
        {issued?.token && (
          <Alert
            type="success"
            showIcon
            title={t('vehicles.gatePasses.generated', { lot, until: formatDateTime(issued.validUntil) })}
            description={
              <Flex vertical gap={4}>
                <span>
                  {t('vehicles.gatePasses.shortCode')} <Typography.Text code copyable>{issued.code}</Typography.Text>
                </span>
                <span>
                  {t('vehicles.gatePasses.code')} <Typography.Text code copyable>{issued.token}</Typography.Text>
                </span>
              </Flex>
            }
          />
        )}
        {query.isPending ? (
          <Spin aria-label={t('vehicles.gatePasses.loading')} />
        ) : (
          <Table<GatePass>
            aria-label={title}
            rowKey="_id"
            columns={columns}
            dataSource={passes}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('vehicles.gatePasses.none') }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          />
        )}
      </Flex>
    </section>
  );
}
