import type { LocationCreate } from '@/features/locations/api/create-location';
import type { Location } from '@/features/locations/api/get-locations';
import type { LocationUpdate } from '@/features/locations/api/update-location';
import { defaultSchedule, fromOpeningHours, toOpeningHours, type ScheduleRow } from '@/features/locations/lib/schedule';

/** The dialog's fields, named as on the wire (snake_case) so the server's field errors land on them. */
export interface LocationFormValues {
  title: string;
  physical_address: string;
  mailing_address?: string | null;
  phone_number: string;
  fax_number?: string | null;
  general_manager?: string | null;
  country: string;
  state: string;
  city: string;
  schedule: ScheduleRow[];
}

/** Fields on the 'Schedule' tab; the rest are on 'Location Details'. */
export const SCHEDULE_FIELD = 'schedule';

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** A new location: the default schedule; the country comes from the geography list (PlaceFields). */
export function newLocationValues(): Partial<LocationFormValues> {
  return { schedule: defaultSchedule() };
}

export function fromLocation(location: Location): LocationFormValues {
  return {
    title: location.title,
    physical_address: location.physical_address,
    mailing_address: location.mailing_address,
    phone_number: location.phone_number,
    fax_number: location.fax_number,
    general_manager: location.general_manager?._id ?? null,
    country: location.country,
    state: location.state,
    city: location.city,
    schedule: fromOpeningHours(location.schedule),
  };
}

export function toUpdate(values: LocationFormValues): LocationUpdate {
  return {
    title: values.title.trim(),
    physical_address: values.physical_address.trim(),
    mailing_address: blank(values.mailing_address),
    phone_number: values.phone_number.trim(),
    fax_number: blank(values.fax_number),
    general_manager: values.general_manager ?? null,
    country: values.country,
    state: values.state,
    city: values.city,
    schedule: toOpeningHours(values.schedule),
  };
}

/** A new location starts active. */
export function toCreate(values: LocationFormValues): LocationCreate {
  return { ...toUpdate(values), status: 'active' };
}
