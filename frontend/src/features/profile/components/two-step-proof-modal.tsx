import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDisableTwoStepMutation, type TwoStepProof } from '@/features/profile/api/disable-two-step';
import { useRegenerateRecoveryCodesMutation } from '@/features/profile/api/regenerate-recovery-codes';
import { RecoveryCodes } from '@/features/profile/components/recovery-codes';

export type ProofAction = 'disable' | 'codes';

interface TwoStepProofModalProps {
  action: ProofAction | null;
  /** The user's role requires two-step sign-in (turning it off sends them to set it up again). */
  required: boolean;
  onClose: () => void;
}

/** Turning two-step sign-in off, or new recovery codes: both need the password or a current code. */
export function TwoStepProofModal({ action, required, onClose }: TwoStepProofModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<TwoStepProof>();
  const disable = useDisableTwoStepMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = () => {
    form.resetFields();
    setCodes(null);
    onClose();
  };

  const submit = ({ password, code }: TwoStepProof) => {
    const proof = { password: password || null, code: code?.trim() || null };
    if (action === 'disable') {
      disable.mutate(proof, {
        onSuccess: () => {
          toast.success(t('twoStep.turnedOff'));
          close();
        },
        onError: (error) => showError(error, t('twoStep.requestFailed'), form),
      });
    } else {
      regenerate.mutate(proof, {
        onSuccess: (result) => setCodes(result.recoveryCodes),
        onError: (error) => showError(error, t('twoStep.requestFailed'), form),
      });
    }
  };

  const title = action === 'disable' ? t('twoStep.turnOffTitle') : t('twoStep.newCodesTitle');
  return (
    <Modal
      open={action !== null}
      title={title}
      okText={action === 'disable' ? t('twoStep.turnOff') : t('twoStep.newCodes')}
      okButtonProps={{ danger: action === 'disable', style: codes ? { display: 'none' } : undefined }}
      cancelButtonProps={{ style: codes ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={disable.isPending || regenerate.isPending}
      mask={{ closable: false }}
      destroyOnHidden
      centered
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : (
        <>
          <Typography.Paragraph>{action === 'disable' ? t('twoStep.turnOffIntro') : t('twoStep.newCodesIntro')}</Typography.Paragraph>
          {action === 'disable' && required && <Typography.Paragraph type="warning">{t('twoStep.turnOffRequired')}</Typography.Paragraph>}
          <Form<TwoStepProof>
            form={form}
            name="two-step-proof"
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            validateTrigger="onSubmit"
          >
            <Form.Item label={t('twoStep.proofPassword')} name="password">
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label={t('twoStep.proofCode')}
              name="code"
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    getFieldValue('password') || value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('twoStep.proofRequired'))),
                }),
              ]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
