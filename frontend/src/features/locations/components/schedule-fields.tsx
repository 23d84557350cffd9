import { Form, Switch, TimePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { closesAfterOpening, WEEKDAYS, type Weekday } from '@/features/locations/lib/schedule';
import './schedule-fields.css';

const TIME_FORMAT = 'HH:mm';

function DayRow({ index, day }: { index: number; day: Weekday }) {
  const { t } = useTranslation();
  const closed = Form.useWatch<boolean | undefined>(['schedule', index, 'closed']);
  const name = t(`weekdays.${day}`);
  return (
    <div className="schedule__row" role="group" aria-label={name}>
      <Typography.Text strong>{name}</Typography.Text>
      <Form.Item
        name={['schedule', index, 'open']}
        dependencies={[['schedule', index, 'closed']]}
        rules={[({ getFieldValue }) => ({
          validator: (_, value?: Dayjs | null) =>
            getFieldValue(['schedule', index, 'closed']) || value ? Promise.resolve() : Promise.reject(new Error(t('locations.openRequired'))),
        })]}
      >
        <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} disabled={closed} aria-label={t('locations.opensOn', { day: name })} />
      </Form.Item>
      <Form.Item
        name={['schedule', index, 'close']}
        dependencies={[['schedule', index, 'open'], ['schedule', index, 'closed']]}
        rules={[({ getFieldValue }) => ({
          validator: (_, value?: Dayjs | null) => {
            if (getFieldValue(['schedule', index, 'closed'])) return Promise.resolve();
            if (!value) return Promise.reject(new Error(t('locations.closeRequired')));
            return closesAfterOpening(getFieldValue(['schedule', index, 'open']), value)
              ? Promise.resolve()
              : Promise.reject(new Error(t('locations.closeAfterOpen')));
          },
        })]}
      >
        <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} disabled={closed} aria-label={t('locations.closesOn', { day: name })} />
      </Form.Item>
      <Form.Item name={['schedule', index, 'closed']} valuePropName="checked">
        <Switch aria-label={t('locations.closedOn', { day: name })} checkedChildren={t('locations.closed')} unCheckedChildren={t('locations.open')} />
      </Form.Item>
    </div>
  );
}

/** The 'Schedule' tab: one row per weekday, Monday to Sunday, with opening and closing times or closed. */
export function ScheduleFields() {
  const { t } = useTranslation();
  return (
    <div className="schedule">
      <div className="schedule__row schedule__head" aria-hidden="true">
        <span>{t('locations.day')}</span>
        <span>{t('locations.opens')}</span>
        <span>{t('locations.closes')}</span>
        <span>{t('locations.closed')}</span>
      </div>
      {WEEKDAYS.map((day, index) => (
        <DayRow key={day} index={index} day={day} />
      ))}
    </div>
  );
}
