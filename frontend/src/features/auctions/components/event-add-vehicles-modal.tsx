import { CarOutlined } from '@ant-design/icons';
import { Flex, Image, Input, Modal, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/api/schema';
import { SearchBox } from '@/components/search-box';
import { useErrorToast } from '@/components/use-error-toast';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useAddVehiclesMutation } from '@/features/auctions/api/add-vehicles';
import type { AuctionEvent } from '@/features/auctions/api/get-event';
import { useUnassignedVehicles, type UnassignedQuery, type UnassignedVehicle } from '@/features/auctions/api/get-unassigned-vehicles';
import { YearFilter } from '@/features/auctions/components/year-filter';
import { formatAed } from '@/lib/money';

type BodyStyle = components['schemas']['BodyStyle'];
type FuelType = components['schemas']['FuelType'];

// Every value of the API's enums, checked by the compiler (a value added to the API and not here fails the build).
const BODY_STYLES = Object.keys({
  Sedan: 1, SUV: 1, Hatchback: 1, Coupe: 1, Convertible: 1, Pickup: 1, Van: 1, Wagon: 1, Minivan: 1, Crossover: 1, Truck: 1,
} satisfies Record<BodyStyle, 1>) as BodyStyle[];
const FUEL_TYPES = Object.keys({ Petrol: 1, Diesel: 1, Electric: 1, Hybrid: 1, CNG: 1, LPG: 1, Hydrogen: 1 } satisfies Record<FuelType, 1>) as FuelType[];

/** Without a lane, each vehicle joins the lane with the fewest vehicles. */
export const EMPTIEST_LANE = 'emptiest';

interface Filters {
  search: string;
  make: string;
  model: string;
  bodyStyle?: BodyStyle;
  fuelType?: FuelType;
  yearFrom: number | null;
  yearTo: number | null;
}

const NO_FILTERS: Filters = { search: '', make: '', model: '', yearFrom: null, yearTo: null };
const PAGE_SIZE = 10;

function queryOf(filters: Filters, page: number): UnassignedQuery {
  return {
    status: 'approved',
    pageNo: page,
    limit: PAGE_SIZE,
    search: filters.search || undefined,
    make: filters.make.trim() || undefined,
    model: filters.model.trim() || undefined,
    bodyStyle: filters.bodyStyle,
    fuelType: filters.fuelType,
    yearFrom: filters.yearFrom ?? undefined,
    yearTo: filters.yearTo ?? undefined,
    sortBy: 'vehicleLotNumber',
    sortOrder: 'asc',
  };
}

interface EventAddVehiclesModalProps {
  event: AuctionEvent;
  open: boolean;
  onClose: () => void;
}

/** 'Add vehicles': the unassigned approved vehicles (search, filters, server paging), ticked across pages, into a chosen lane or the emptiest one. */
export function EventAddVehiclesModal({ event, open, onClose }: EventAddVehiclesModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const filtered = JSON.stringify(queryOf(filters, 1)) !== JSON.stringify(queryOf(NO_FILTERS, 1));
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const [lane, setLane] = useState<string>(EMPTIEST_LANE);
  const query = useUnassignedVehicles(queryOf(filters, page), open);
  const add = useAddVehiclesMutation(event._id);
  useErrorToast(query.error, t('auctionEvents.errors.fetchVehiclesFailed'));

  const filter = (changes: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const lot = (vehicle: UnassignedVehicle) => t('auctionEvents.lot', { number: vehicle.vehicleLotNumber });
  const close = () => {
    setFilters(NO_FILTERS);
    setPage(1);
    setChosen([]);
    setLane(EMPTIEST_LANE);
    onClose();
  };
  const submit = () => {
    const placed = chosen.map((vehicleId) => ({ vehicleId, lane: lane === EMPTIEST_LANE ? undefined : lane }));
    add.mutateAsync(placed).then(
      (answer) => {
        toast.success(answer.message);
        close();
      },
      (error: unknown) => {
        showError(error, t('auctionEvents.errors.addFailed'));
      },
    );
  };

  const columns: TableColumnsType<UnassignedVehicle> = [
    {
      key: 'photo',
      title: t('auctionEvents.columns.photo'),
      render: (_, vehicle) => {
        const cover = vehicle.images[0];
        return cover ? (
          <Image src={cover.thumbnailUrl} preview={false} alt={t('auctionEvents.photoOf', { lot: lot(vehicle) })} width={56} height={42} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <CarOutlined aria-label={t('auctionEvents.photoOf', { lot: lot(vehicle) })} style={{ fontSize: 24, opacity: 0.45 }} />
        );
      },
    },
    { key: 'lot', title: t('auctionEvents.columns.lot'), render: (_, vehicle) => lot(vehicle) },
    { key: 'title', title: t('auctionEvents.columns.title'), dataIndex: 'title' },
    { key: 'year', title: t('auctionEvents.fields.year'), dataIndex: 'year' },
    { key: 'mileage', title: t('auctionEvents.fields.mileage'), render: (_, vehicle) => t('auctionEvents.km', { value: vehicle.mileage.toLocaleString('en-US') }) },
    { key: 'opening', title: t('auctionEvents.columns.opening'), render: (_, vehicle) => formatAed(vehicle.openingPrice) },
    { key: 'reserve', title: t('auctionEvents.columns.reserve'), render: (_, vehicle) => (vehicle.reservePrice === null ? t('auctionEvents.noReserve') : formatAed(vehicle.reservePrice)) },
    { key: 'seller', title: t('auctionEvents.columns.seller'), render: (_, vehicle) => `${vehicle.memberProfile.firstName} ${vehicle.memberProfile.lastName}` },
  ];

  return (
    <Modal
      open={open}
      title={t('auctionEvents.add.title')}
      width={1040}
      onCancel={close}
      onOk={submit}
      okText={t('auctionEvents.add.submit', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={add.isPending}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('auctionEvents.add.intro')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <SearchBox value={filters.search} onSearch={(search) => filter({ search })} placeholder={t('auctionEvents.add.searchPlaceholder')} aria-label={t('auctionEvents.add.search')} />
          <Input aria-label={t('auctionEvents.fields.make')} placeholder={t('auctionEvents.fields.make')} allowClear style={{ width: 130 }} onChange={(changed) => filter({ make: changed.target.value })} />
          <Input aria-label={t('auctionEvents.fields.model')} placeholder={t('auctionEvents.fields.model')} allowClear style={{ width: 130 }} onChange={(changed) => filter({ model: changed.target.value })} />
          <Select<BodyStyle>
            aria-label={t('auctionEvents.fields.bodyStyle')}
            placeholder={t('auctionEvents.fields.bodyStyle')}
            allowClear
            virtual={false}
            style={{ width: 140 }}
            value={filters.bodyStyle}
            onChange={(bodyStyle) => filter({ bodyStyle: bodyStyle ?? undefined })}
            options={BODY_STYLES.map((value) => ({ value, label: value }))}
          />
          <Select<FuelType>
            aria-label={t('auctionEvents.fields.fuelType')}
            placeholder={t('auctionEvents.fields.fuelType')}
            allowClear
            virtual={false}
            style={{ width: 130 }}
            value={filters.fuelType}
            onChange={(fuelType) => filter({ fuelType: fuelType ?? undefined })}
            options={FUEL_TYPES.map((value) => ({ value, label: value }))}
          />
          <YearFilter label={t('auctionEvents.fields.yearFrom')} value={filters.yearFrom} onChange={(yearFrom) => filter({ yearFrom })} />
          <YearFilter label={t('auctionEvents.fields.yearTo')} value={filters.yearTo} onChange={(yearTo) => filter({ yearTo })} />
        </Flex>
        <Table<UnassignedVehicle>
          aria-label={t('auctionEvents.add.table')}
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={query.data?.vehicles}
          loading={query.isFetching}
          locale={{ emptyText: t(filtered ? 'auctionEvents.add.emptyFiltered' : 'auctionEvents.add.empty') }}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys.map(String)),
            getCheckboxProps: (vehicle) => ({ 'aria-label': t('table.selectRow', { name: lot(vehicle) }) }),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.totalMatching ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (count, [from, to]) => t('table.range', { from, to, count }),
          }}
        />
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('auctionEvents.add.chosen', { count: chosen.length })}</Typography.Text>
          <Select<string>
            aria-label={t('auctionEvents.add.lane')}
            value={lane}
            onChange={setLane}
            virtual={false}
            style={{ width: 220 }}
            options={[
              { value: EMPTIEST_LANE, label: t('auctionEvents.add.emptiestLane') },
              ...event.lanes.map((one) => ({ value: one.laneLetter, label: t('auctionEvents.add.laneOption', { lane: one.laneLetter, count: one.vehicleCount }) })),
            ]}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
