import { Alert } from 'antd';

/** The error of the last submit, above the form's button; nothing when there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" title={message} showIcon style={{ marginBottom: 16 }} />;
}
