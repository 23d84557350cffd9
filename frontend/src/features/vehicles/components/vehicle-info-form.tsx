import { Alert, Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { useUpdateVehicleMutation } from '@/features/vehicles/api/update-vehicle';
import { VehicleFields } from '@/features/vehicles/components/vehicle-fields';
import { fromVehicle, toVehicleBody, type VehicleFormValues } from '@/features/vehicles/lib/vehicle-form';

const EDITABLE = ['pending', 'rejected', 'approved'];

/** Whether Gavel lets a vehicle's details change: in review, rejected or approved, and not in an auction event. */
export function detailsEditable(vehicle: Vehicle): boolean {
  return EDITABLE.includes(vehicle.status) && !vehicle.eventId;
}

/** The 'Vehicle Information' tab: every field but the status, saved with PUT /api/vehicles/{id}. */
export function VehicleInfoForm({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<VehicleFormValues>();
  const update = useUpdateVehicleMutation();
  const canEdit = useCan('Vehicles', 'edit');
  const editable = canEdit && detailsEditable(vehicle);

  const submit = (values: VehicleFormValues) =>
    update.mutate(
      { id: vehicle._id, body: toVehicleBody(values) },
      {
        onSuccess: () => toast.success(t('vehicles.updated', { lot: vehicle.vehicleLotNumber })),
        onError: (error) => showError(error, t('vehicles.errors.updateFailed'), form),
      },
    );

  return (
    <Flex vertical gap={12}>
      {canEdit && !editable && <Alert type="info" showIcon title={t('vehicles.notEditable', { status: vehicle.status })} />}
      <Form<VehicleFormValues> form={form} layout="vertical" initialValues={fromVehicle(vehicle)} onFinish={submit} disabled={!editable} scrollToFirstError>
        <VehicleFields ownVin={vehicle.vinNumber} seller={vehicle.memberProfile} />
        {editable && (
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Flex>
  );
}
