import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/icon-button';
import { useShowError } from '@/components/use-show-error';
import { uploadVehicleImage } from '@/features/vehicles/api/upload-vehicle-image';
import { IMAGE_TYPES, imageProblem, makeCover, moveImage, removeImage, type VehicleImage } from '@/features/vehicles/lib/image-order';

interface ImageUploaderProps {
  value?: VehicleImage[];
  onChange?: (images: VehicleImage[]) => void;
  id?: string;
}

/**
 * The vehicle's photos: upload several (POST /api/uploads/vehicles, one after another), preview them, move them,
 * make one the cover (the first) or remove it. The form holds the stored URLs only.
 */
export function ImageUploader({ value = [], onChange, id }: ImageUploaderProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [uploading, setUploading] = useState(false);
  const change = (images: VehicleImage[]) => onChange?.(images);

  /** One file after another, in the order chosen; the photos cannot be moved meanwhile. */
  const uploadAll = async (files: File[]) => {
    setUploading(true);
    const added: VehicleImage[] = [];
    try {
      for (const file of files) {
        const problem = imageProblem(file);
        if (problem) {
          showError(undefined, t(`vehicles.images.${problem}`, { name: file.name }));
          continue;
        }
        try {
          const stored = await uploadVehicleImage(file);
          added.push({ url: stored.url, thumbnailUrl: stored.thumbnailUrl ?? stored.url });
          change([...value, ...added]);
        } catch (error) {
          showError(error, t('vehicles.images.uploadFailed', { name: file.name }));
        }
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={12} id={id}>
      <Upload
        accept={IMAGE_TYPES.join(',')}
        multiple
        showUploadList={false}
        beforeUpload={(file, fileList) => {
          if (file.uid === fileList[0]?.uid) void uploadAll(fileList as File[]);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('vehicles.images.add')}
        </Button>
      </Upload>
      {value.length > 0 && (
        <ul aria-label={t('vehicles.images.list')} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', padding: 0, margin: 0 }}>
          <Image.PreviewGroup>
            {value.map((image, index) => {
              const name = t('vehicles.images.photo', { number: index + 1 });
              return (
                <li key={image.url} aria-label={name} style={{ width: 132 }}>
                  <Flex vertical gap={4} align="center">
                    <Image src={image.thumbnailUrl} preview={{ src: image.url }} alt={name} width={120} height={90} style={{ objectFit: 'cover' }} />
                    {index === 0 && <Tag color="blue">{t('vehicles.images.cover')}</Tag>}
                    <Flex gap={0} hidden={uploading}>
                      <IconButton icon={<ArrowLeftOutlined />} label={t('vehicles.images.moveLeft', { number: index + 1 })} onClick={() => change(moveImage(value, index, index - 1))} />
                      <IconButton icon={<StarOutlined />} label={t('vehicles.images.makeCover', { number: index + 1 })} onClick={() => change(makeCover(value, index))} />
                      <IconButton icon={<ArrowRightOutlined />} label={t('vehicles.images.moveRight', { number: index + 1 })} onClick={() => change(moveImage(value, index, index + 1))} />
                      <IconButton danger icon={<DeleteOutlined />} label={t('vehicles.images.remove', { number: index + 1 })} onClick={() => change(removeImage(value, index))} />
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </Image.PreviewGroup>
        </ul>
      )}
    </Flex>
  );
}
