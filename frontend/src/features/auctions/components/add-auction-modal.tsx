import { Col, Form, Input, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DateInput, dateProblem, dateRules, isDate } from '@/components/date-input';
import { MoneyInput, moneyRules } from '@/components/money-input';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateAuctionMutation } from '@/features/auctions/api/create-auction';
import { LocationSelect } from '@/features/auctions/components/location-select';
import { SchedulePreview } from '@/features/auctions/components/schedule-preview';
import { isoDay, wallClock } from '@/features/auctions/lib/auction-dates';
import { createBody, newAuctionValues, scheduleOf, TITLE_MAX, TITLE_MIN, type AuctionFormValues } from '@/features/auctions/lib/auction-form';
import { counterBidOptions, laneOptions, repeatOptions, typeOptions } from '@/features/auctions/lib/auction-options';

/**
 * 'Add auction': title, type, yard, lanes, bid increment, counter bid time, the first event's start and end (Dubai
 * time) and how it repeats, with a live preview of the events it will create. The server's 422 messages show at
 * their fields.
 */
export function AddAuctionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<AuctionFormValues>();
  const create = useCreateAuctionMutation();
  const startDate = Form.useWatch('startDate', form);
  const endDate = Form.useWatch('endDate', form);
  const repeatType = Form.useWatch('repeatType', form);
  const repeatUntil = Form.useWatch('repeatUntil', form);
  const repeating = repeatType !== undefined && repeatType !== 'None';
  const schedule = scheduleOf({ startDate, endDate, repeatType, repeatUntil });

  const submit = (values: AuctionFormValues) => {
    create.mutate(createBody(values), {
      onSuccess: (answer) => {
        toast.success(t('auctions.created', { title: answer.data.auctionTitle, count: answer.data.eventCount }));
        onClose();
      },
      onError: (error) => showError(error, t('auctions.errors.createFailed'), form),
    });
  };

  const required = (message: string) => ({ required: true, message });
  /** The field's own sentence (required, not a date), else the comparison's. */
  const dateCheck = (value: Dayjs | null | undefined, options: Parameters<typeof dateProblem>[1], compare: () => string | undefined) => {
    const problem = dateProblem(value, options) ?? compare();
    return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
  };

  return (
    <FormModal<AuctionFormValues>
      open={open}
      title={t('auctions.addTitle')}
      form={form}
      initialValues={newAuctionValues()}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending}
      okText={t('auctions.addSubmit')}
      width={760}
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            label={t('auctions.form.title')}
            name="auctionTitle"
            rules={[
              { required: true, whitespace: true, message: t('auctions.form.titleRequired') },
              { validator: (_, value?: string) => (!value?.trim() || value.trim().length >= TITLE_MIN ? Promise.resolve() : Promise.reject(new Error(t('auctions.form.titleShort')))) },
            ]}
          >
            <Input autoComplete="off" maxLength={TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('auctions.form.type')} name="auctionType" rules={[required(t('auctions.form.typeRequired'))]}>
            <Radio.Group options={typeOptions()} optionType="button" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('auctions.form.location')} name="location" rules={[required(t('auctions.form.locationRequired'))]}>
            <LocationSelect />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('auctions.form.lanes')} name="lanes" rules={[required(t('auctions.form.lanesRequired'))]}>
            <Select<number> options={laneOptions()} virtual={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('auctions.form.counterBid')} name="counterBidTime" rules={[required(t('auctions.form.counterBidRequired'))]}>
            <Select<number> options={counterBidOptions()} virtual={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('auctions.form.bidIncrement')}
            name="bidIncrementAmount"
            required
            rules={moneyRules({ required: t('auctions.form.bidIncrementPositive'), positive: t('auctions.form.bidIncrementPositive') })}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('auctions.form.repeat')} name="repeatType" rules={[required(t('auctions.form.repeatRequired'))]}>
            <Select
              options={repeatOptions()}
              virtual={false}
              onChange={(next) => {
                if (next === 'None') form.setFieldValue('repeatUntil', null);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('auctions.form.start')}
            name="startDate"
            extra={t('auctions.form.dubaiTime')}
            required
            rules={dateRules({ withTime: true, required: t('auctions.form.startRequired'), notBefore: 'now', beforeMessage: (now) => t('auctions.form.startPast', { now }) })}
          >
            <DateInput withTime />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('auctions.form.end')}
            name="endDate"
            dependencies={['startDate']}
            required
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs | null) => {
                  const start = getFieldValue('startDate') as Dayjs | null | undefined;
                  return dateCheck(value, { withTime: true, required: t('auctions.form.endRequired') }, () =>
                    isDate(value) && isDate(start) && wallClock(value) <= wallClock(start) ? t('auctions.form.endBeforeStart') : undefined,
                  );
                },
              }),
            ]}
          >
            <DateInput withTime />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('auctions.form.repeatUntil')}
            name="repeatUntil"
            required={repeating}
            dependencies={['repeatType', 'startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs | null) => {
                  if (getFieldValue('repeatType') === 'None') return Promise.resolve();
                  const start = getFieldValue('startDate') as Dayjs | null | undefined;
                  return dateCheck(value, { required: t('auctions.form.repeatUntilRequired') }, () =>
                    isDate(value) && isDate(start) && isoDay(value) < isoDay(start) ? t('auctions.form.repeatUntilBeforeStart') : undefined,
                  );
                },
              }),
            ]}
          >
            <DateInput disabled={!repeating} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <SchedulePreview schedule={schedule} />
        </Col>
      </Row>
    </FormModal>
  );
}
