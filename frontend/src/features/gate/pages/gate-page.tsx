import { ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { usePermissions } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useRecordPickUpMutation } from '@/features/gate/api/record-pick-up';
import { useScanGatePassMutation, type GateAnswer } from '@/features/gate/api/scan-gate-pass';
import { GateAnswerPanel } from '@/features/gate/components/gate-answer-panel';
import { PickUpForm, type PickUpValues } from '@/features/gate/components/pick-up-form';
import { errorMessage } from '@/lib/error-message';
import '@/lib/i18n/strings/gate';

/**
 * What the screen shows: the answer to the last code checked (and what names its pass for the pick-up: the pass's
 * gate code, or what was scanned when no pass was shown), or a recorded pick-up.
 */
type Shown = { kind: 'scanned'; token: string; answer: GateAnswer; scan: number } | { kind: 'pickedUp'; answer: GateAnswer };

/** The reason a 409 from pick-up carries besides its message (the pass stopped being valid meanwhile). */
function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const reason = (error.body as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : null;
}

/**
 * /gate: the guard's screen at the yard's exit. A USB QR scanner types the pass's code into the big field and
 * presses Enter, or the guard types the pass's 8-character gate code, the lot number or the VIN; the server answers
 * who may take which vehicle, or why not (with the car's photo and colour to match it), and audits every scan. A
 * gate code with a typo is refused under the field, kept for correction. For an allowed pass, 'Record pick-up'
 * always takes the driver's name and Emirates ID, for the pass shown (named by its gate code). The field is emptied
 * after every check and gets the focus back for the next vehicle.
 */
export function GatePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const permissions = usePermissions();
  const canAct = permissions.can('Vehicles', 'updateStatus');
  const scan = useScanGatePassMutation();
  const pickUp = useRecordPickUpMutation();
  const [form] = Form.useForm<PickUpValues>();
  const codeField = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  // The server's refusal of what was typed (a gate code with a typo), under the field.
  const [codeError, setCodeError] = useState<string | null>(null);
  const scans = useRef(0);

  const focusCode = () => codeField.current?.focus();

  // The field is enabled once the role is known: then it takes the focus, ready for the scanner.
  useEffect(() => {
    if (canAct) codeField.current?.focus();
  }, [canAct]);

  const check = () => {
    const typed = code.trim();
    if (typed === '' || scan.isPending) return;
    scan.mutateAsync(typed).then(
      (answer) => {
        scans.current += 1;
        setCodeError(null);
        setShown({ kind: 'scanned', token: answer.gatePass?.code ?? typed, answer, scan: scans.current });
        setCode('');
        form.resetFields();
        // An allowed pass moves on to the driver's name (its field takes the focus); a refusal waits for the next code.
        if (!answer.allowed) focusCode();
      },
      (error: unknown) => {
        // A typo in a gate code: the sentence under the field, the text kept to correct.
        if (error instanceof ApiError && error.status === 422) setCodeError(errorMessage(error, t('gate.errors.scanFailed')));
        else showError(error, t('gate.errors.scanFailed'));
        focusCode();
      },
    );
  };

  const record = (values: PickUpValues) => {
    if (shown?.kind !== 'scanned' || pickUp.isPending) return;
    const { token, answer, scan: number } = shown;
    pickUp.mutateAsync({ token, driverName: values.driverName.trim(), driverEmiratesId: values.driverEmiratesId.trim() }).then(
      (done) => {
        setShown({ kind: 'pickedUp', answer: done });
        toast.success(done.message);
        form.resetFields();
        setCode('');
        focusCode();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          // The pass no longer lets the vehicle out (cancelled, expired, taken meanwhile): say why, in red.
          setShown({ kind: 'scanned', token, scan: number, answer: { ...answer, allowed: false, reason: reasonOf(error), message: errorMessage(error, t('gate.errors.pickUpFailed')) } });
          focusCode();
          return;
        }
        showError(error, t('gate.errors.pickUpFailed'), form);
      },
    );
  };

  const next = () => {
    setShown(null);
    setCodeError(null);
    setCode('');
    form.resetFields();
    focusCode();
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('gate.title')} />
      {permissions.loaded && !canAct && <Alert type="warning" showIcon title={t('gate.noPrivilege')} />}
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text>{t('gate.intro')}</Typography.Text>
          <label htmlFor="gate-code">
            <Typography.Text strong style={{ fontSize: 20 }}>
              {t('gate.code')}
            </Typography.Text>
          </label>
          <Flex gap={12} wrap>
            <Input
              id="gate-code"
              ref={codeField}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(null);
              }}
              status={codeError ? 'error' : undefined}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'gate-code-error' : undefined}
              onPressEnter={check}
              placeholder={t('gate.placeholder')}
              disabled={!canAct}
              autoComplete="off"
              spellCheck={false}
              prefix={<ScanOutlined aria-hidden />}
              style={{ fontSize: 28, padding: '12px 16px', flex: '1 1 480px', fontFamily: 'monospace' }}
            />
            <Button type="primary" size="large" style={{ height: 'auto', fontSize: 20, padding: '12px 32px' }} loading={scan.isPending} disabled={!canAct} onClick={check}>
              {t('gate.check')}
            </Button>
          </Flex>
          {codeError && (
            <Typography.Text id="gate-code-error" type="danger" role="alert" style={{ fontSize: 18 }}>
              {codeError}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {shown && (
        <Flex vertical gap={16}>
          <GateAnswerPanel answer={shown.answer} pickedUp={shown.kind === 'pickedUp'} />
          {shown.kind === 'scanned' && shown.answer.allowed && (
            <Card title={t('gate.pickUp.title')}>
              <PickUpForm key={shown.scan} form={form} onRecord={record} recording={pickUp.isPending} />
            </Card>
          )}
          {shown.kind === 'pickedUp' && <Typography.Text style={{ fontSize: 18 }}>{t('gate.ready')}</Typography.Text>}
          <div>
            <Button size="large" onClick={next}>
              {t('gate.next')}
            </Button>
          </div>
        </Flex>
      )}
    </Flex>
  );
}
