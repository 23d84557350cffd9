import { CarOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';

/** The cover photo's thumbnail (the first image), or a car icon when the vehicle has no photo. */
export function VehicleCover({ vehicle, alt }: { vehicle: Vehicle; alt: string }) {
  const cover = vehicle.images[0];
  if (!cover) return <CarOutlined aria-label={alt} style={{ fontSize: 22, opacity: 0.45 }} />;
  return <Image src={cover.thumbnailUrl} preview={{ src: cover.url }} alt={alt} width={40} height={30} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
