import { Descriptions, Flex, Image, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GateAnswer } from '@/features/gate/api/scan-gate-pass';
import { refusalLabel } from '@/features/gate/lib/gate-words';
import { formatDateTime } from '@/lib/dates';

interface GateAnswerPanelProps {
  answer: GateAnswer;
  /** The answer of a recorded pick-up rather than of a scan. */
  pickedUp?: boolean;
}

/**
 * What the guard reads from a distance: green 'Let the vehicle out' (or 'Picked up' once recorded) with who takes
 * which vehicle, or red 'Do not let the vehicle out' with why (the server's words), in large type. The vehicle's
 * main photo, colour, number plate, lot and VIN let the guard match the car at the barrier. Announced to a screen reader as it
 * changes.
 */
export function GateAnswerPanel({ answer, pickedUp = false }: GateAnswerPanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const color = answer.allowed ? token.colorSuccess : token.colorError;
  const background = answer.allowed ? token.colorSuccessBg : token.colorErrorBg;
  const headline = !answer.allowed ? t('gate.refused') : pickedUp ? t('gate.pickedUp') : t('gate.allowed');
  const reason = answer.allowed ? null : refusalLabel(answer.reason);
  const gatePass = answer.gatePass;
  const facts = [
    answer.buyerName && { key: 'buyer', label: t('gate.facts.buyer'), children: answer.buyerName },
    answer.vehicleLotNumber != null && { key: 'lot', label: t('gate.facts.lot'), children: t('gate.facts.lotValue', { number: answer.vehicleLotNumber }) },
    answer.vehicleTitle && { key: 'vehicle', label: t('gate.facts.vehicle'), children: answer.vehicleTitle },
    answer.vehicleVin && { key: 'vin', label: t('gate.facts.vin'), children: answer.vehicleVin },
    answer.vehicleId && { key: 'color', label: t('gate.facts.color'), children: answer.vehicleColor || t('gate.facts.noColor') },
    answer.vehicleId && { key: 'plate', label: t('gate.facts.plate'), children: answer.vehiclePlate || t('gate.facts.noPlate') },
    gatePass && { key: 'gateCode', label: t('gate.facts.gateCode'), children: gatePass.code },
    gatePass && { key: 'validUntil', label: t('gate.facts.validUntil'), children: formatDateTime(gatePass.validUntil) },
    gatePass?.driverName && {
      key: 'driver',
      label: t('gate.facts.driver'),
      children: t('gate.facts.driverValue', { name: gatePass.driverName, id: gatePass.driverEmiratesId ?? t('common.notAvailable') }),
    },
  ].filter((item) => Boolean(item)) as { key: string; label: string; children: string }[];

  return (
    <section
      aria-label={t('gate.answer')}
      aria-live="polite"
      style={{ border: `4px solid ${color}`, borderRadius: 12, padding: 24, background }}
    >
      <Flex vertical gap={8}>
        <Typography.Title level={2} style={{ color, fontSize: 44, margin: 0 }}>
          {headline}
        </Typography.Title>
        {reason && (
          <Typography.Title level={3} style={{ color, margin: 0 }}>
            {reason}
          </Typography.Title>
        )}
        <Typography.Paragraph style={{ fontSize: 26, margin: 0 }}>{answer.message}</Typography.Paragraph>
        <Flex gap={24} wrap align="flex-start">
          {answer.vehicleImage && (
            <Image
              src={answer.vehicleImage}
              alt={t('gate.facts.photo', { lot: t('gate.facts.lotValue', { number: answer.vehicleLotNumber }) })}
              width={320}
              style={{ borderRadius: 8, objectFit: 'cover', maxHeight: 240 }}
            />
          )}
          {facts.length > 0 && (
            <Descriptions
              style={{ flex: '1 1 420px' }}
              column={{ xs: 1, md: 2 }}
              styles={{ label: { fontSize: 20 }, content: { fontSize: 24, fontWeight: 600 } }}
              items={facts}
            />
          )}
        </Flex>
      </Flex>
    </section>
  );
}
