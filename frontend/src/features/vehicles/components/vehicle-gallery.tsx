import { Empty, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';

/** Every photo of the vehicle, the cover first; a click opens the preview with the full images. */
export function VehicleGallery({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('vehicles.gallery')}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('vehicles.gallery')}
      </Typography.Title>
      {vehicle.images.length === 0 ? (
        <Empty description={t('vehicles.noPhotos')} />
      ) : (
        <Flex gap={12} wrap>
          <Image.PreviewGroup>
            {vehicle.images.map((image, index) => (
              <Image
                key={image.url}
                src={image.thumbnailUrl}
                preview={{ src: image.url }}
                alt={t('vehicles.images.photo', { number: index + 1 })}
                width={160}
                height={120}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
            ))}
          </Image.PreviewGroup>
        </Flex>
      )}
    </section>
  );
}
