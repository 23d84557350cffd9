import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useChangePasswordMutation, type PasswordChange } from '@/features/profile/api/change-password';

const MIN_PASSWORD = 8;

interface ChangePasswordFormProps {
  submitText: string;
  onChanged?: () => void;
}

/** Current, new and confirmed password; the server's answer is toasted, its field errors shown at the fields. */
export function ChangePasswordForm({ submitText, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<PasswordChange>();
  const { mutate, isPending } = useChangePasswordMutation();

  const onFinish = (body: PasswordChange) =>
    mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        form.resetFields();
        onChanged?.();
      },
      onError: (error) => showError(error, t('errors.changePasswordFailed'), form),
    });

  return (
    <Form<PasswordChange> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} style={{ maxWidth: 420 }}>
      <Form.Item label={t('password.current')} name="currentPassword" rules={[{ required: true, message: t('password.currentRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label={t('password.new')}
        name="password"
        rules={[
          { required: true, message: t('password.newRequired') },
          { min: MIN_PASSWORD, message: t('password.tooShort') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('password.confirm')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isPending}>
        {submitText}
      </Button>
    </Form>
  );
}
