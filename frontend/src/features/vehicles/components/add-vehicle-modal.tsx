import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateVehicleMutation } from '@/features/vehicles/api/create-vehicle';
import { VehicleFields } from '@/features/vehicles/components/vehicle-fields';
import { newVehicleValues, toVehicleBody, type VehicleFormValues } from '@/features/vehicles/lib/vehicle-form';

/** 'Add vehicle': a seller, the VIN, every field and the photos; the vehicle starts in review. */
export function AddVehicleModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<VehicleFormValues>();
  const create = useCreateVehicleMutation();

  const submit = (values: VehicleFormValues) =>
    create.mutate(toVehicleBody(values), {
      onSuccess: (answer) => {
        toast.success(t('vehicles.created', { lot: answer.data.vehicleLotNumber }));
        onClose();
      },
      onError: (error) => showError(error, t('vehicles.errors.addFailed'), form),
    });

  return (
    <FormModal<VehicleFormValues>
      open={open}
      title={t('vehicles.addTitle')}
      form={form}
      initialValues={newVehicleValues()}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending}
      okText={t('vehicles.addSubmit')}
      width={900}
    >
      <VehicleFields />
    </FormModal>
  );
}
