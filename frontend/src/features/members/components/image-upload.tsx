import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useUploadMemberImageMutation } from '@/features/members/api/upload-member-image';

interface ImageUploadProps {
  /** Set by Form.Item, so the field's label names the file input. */
  id?: string;
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** What the image is ("Identity document (front)"): names the preview and the remove button. */
  name: string;
}

/** A form field holding one uploaded image's URL: uploads on choice, previews it, can remove it. */
export function ImageUpload({ id, value, onChange, name }: ImageUploadProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const upload = useUploadMemberImageMutation();
  return (
    <Flex gap={12} align="center" wrap>
      {value && <Image src={value} alt={t('members.upload.preview', { name })} width={96} height={64} style={{ objectFit: 'cover', borderRadius: 6 }} />}
      <Upload
        id={id}
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        customRequest={({ file }) =>
          upload.mutate(file as File, {
            onSuccess: (image) => onChange?.(image.url),
            onError: (error) => showError(error, t('members.upload.failed')),
          })
        }
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {value ? t('members.upload.replace') : t('members.upload.choose')}
        </Button>
      </Upload>
      {value && (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('members.upload.remove', { name })} onClick={() => onChange?.(null)} />
      )}
    </Flex>
  );
}
