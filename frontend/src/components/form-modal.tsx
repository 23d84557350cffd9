import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  initialValues?: FormProps<V>['initialValues'];
  onSubmit: (values: V) => void;
  onCancel: () => void;
  onFinishFailed?: FormProps<V>['onFinishFailed'];
  loading?: boolean;
  okText?: ReactNode;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog holding a form: OK submits it (so Enter works too), the fields start from `initialValues` each time
 * it opens, and nothing is kept after it closes.
 */
export function FormModal<V>({ open, title, form, initialValues, onSubmit, onCancel, onFinishFailed, loading, okText, width = 640, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={loading}
      okButtonProps={{ htmlType: 'submit' }}
      width={width}
      maskClosable={false}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit} onFinishFailed={onFinishFailed} clearOnDestroy scrollToFirstError>
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
