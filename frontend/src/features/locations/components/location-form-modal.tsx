import { Form, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateLocationMutation } from '@/features/locations/api/create-location';
import type { Location } from '@/features/locations/api/get-locations';
import { useUpdateLocationMutation } from '@/features/locations/api/update-location';
import { LocationDetailsFields } from '@/features/locations/components/location-details-fields';
import { ScheduleFields } from '@/features/locations/components/schedule-fields';
import { fromLocation, newLocationValues, SCHEDULE_FIELD, toCreate, toUpdate, type LocationFormValues } from '@/features/locations/lib/location-form';
import type { FieldPath } from '@/lib/field-errors';

type TabKey = 'details' | 'schedule';

interface LocationFormModalProps {
  open: boolean;
  /** The location being edited; none when adding. */
  location?: Location;
  onClose: () => void;
}

const tabOf = (name: FieldPath | undefined): TabKey => (name?.[0] === SCHEDULE_FIELD ? 'schedule' : 'details');

/** Add or edit a location in two tabs: 'Location Details' and 'Schedule'. */
export function LocationFormModal({ open, location, onClose }: LocationFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<LocationFormValues>();
  const [tab, setTab] = useState<TabKey>('details');
  const create = useCreateLocationMutation();
  const update = useUpdateLocationMutation();
  const adding = location === undefined;

  const close = () => {
    setTab('details');
    onClose();
  };
  const done = (message: string) => () => {
    toast.success(message);
    close();
  };
  const failed = (fallback: string) => (error: unknown) => {
    const marked = showError(error, fallback, form);
    if (marked.length > 0) setTab(tabOf(marked[0]));
  };
  const submit = (values: LocationFormValues) => {
    if (adding) {
      create.mutate(toCreate(values), { onSuccess: done(t('locations.created')), onError: failed(t('errors.addLocationFailed')) });
    } else {
      update.mutate(
        { id: location._id, body: toUpdate(values) },
        { onSuccess: done(t('locations.updated')), onError: failed(t('errors.updateLocationFailed')) },
      );
    }
  };

  return (
    <FormModal<LocationFormValues>
      open={open}
      title={adding ? t('locations.addTitle') : t('locations.editTitle')}
      form={form}
      initialValues={location ? fromLocation(location) : newLocationValues()}
      onSubmit={submit}
      onFinishFailed={({ errorFields }) => setTab(tabOf(errorFields[0]?.name))}
      onCancel={close}
      loading={create.isPending || update.isPending}
      okText={adding ? t('locations.addSubmit') : t('common.save')}
      width={820}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'details', label: t('locations.tabDetails'), forceRender: true, children: <LocationDetailsFields current={location?.general_manager} /> },
          { key: 'schedule', label: t('locations.tabSchedule'), forceRender: true, children: <ScheduleFields /> },
        ]}
      />
    </FormModal>
  );
}
