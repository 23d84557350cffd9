import FullCalendar, { type CalendarRef, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import arabicCalendar from '@fullcalendar/react/locales/ar';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { theme } from 'antd';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSide } from '@/components/use-side';
import type { CalendarEvent } from '@/features/auctions/api/get-calendar-events';
import { statusColor, statusLabel } from '@/features/auctions/lib/auction-status';
import type { CalendarView } from '@/features/auctions/lib/calendar-range';
import { APP_TIME_ZONE } from '@/lib/dates';
import { paths } from '@/lib/paths';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

const VIEWS: Record<CalendarView, string> = { month: 'dayGridMonth', week: 'timeGridWeek' };

/**
 * FullCalendar's Arabic texts ('+2 أخرى'), with its dates formatted by Intl under the UAE's Latin digits: the
 * locale's code is what FullCalendar hands to Intl, and its own 'ar' would write Arabic-Indic digits. Monday stays
 * the first day (firstDay below), as in English.
 */
const ARABIC = { ...arabicCalendar, code: 'ar-AE-u-nu-latn' };

/** Month view: an event's whole title wraps within its day cell (the theme keeps it on one line, cut). */
const wrappedTitle: CSSProperties = { whiteSpace: 'normal', overflowWrap: 'anywhere', overflow: 'visible', minInlineSize: 0 };

interface AuctionCalendarProps {
  view: CalendarView;
  /** The Dubai day shown (YYYY-MM-DD): the month or week holding it. */
  anchor: string;
  events: CalendarEvent[];
}

/**
 * FullCalendar's month and week views in Dubai time, Monday first. The page's toolbar moves it (the URL is the
 * truth); each event is a link to its event page, coloured by its status, in the app's light or dark theme. In
 * month view a long title wraps within its day; hovering an event gives its whole title, place, vehicles and status.
 * In Arabic the days run right to left (FullCalendar's own `direction`: it does not read the page's), with Arabic
 * day names and Latin digits.
 */
export function AuctionCalendar({ view, anchor, events }: AuctionCalendarProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { direction } = useSide();
  const calendar = useRef<CalendarRef>(null);

  useEffect(() => {
    calendar.current?.getApi().changeView(VIEWS[view], anchor);
  }, [view, anchor]);

  const inputs: EventInput[] = events.map((event) => ({
    id: event._id,
    title: event.auctionTitle,
    start: event.startDate,
    end: event.endDate,
    url: `${paths.auctionEvent}/${event._id}`,
    color: statusColor(event.auctionEventStatus),
    contrastColor: '#ffffff',
    extendedProps: { event },
  }));

  const open = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    void navigate(`${paths.auctionEvent}/${info.event.id}`);
  };

  // The classic theme's colours from the app's tokens, so the calendar follows the light and dark theme.
  const colours = {
    '--fc-classic-background': token.colorBgContainer,
    '--fc-classic-foreground': token.colorText,
    '--fc-classic-muted-foreground': token.colorTextSecondary,
    '--fc-classic-faint-foreground': token.colorTextTertiary,
    '--fc-classic-border': token.colorBorderSecondary,
    '--fc-classic-strong-border': token.colorBorder,
    '--fc-classic-faint': token.colorFillQuaternary,
    '--fc-classic-muted': token.colorFillTertiary,
    '--fc-classic-strong': token.colorFillSecondary,
    '--fc-classic-today': token.colorPrimaryBg,
    '--fc-classic-primary': token.colorPrimary,
  } as CSSProperties;

  return (
    <div style={colours}>
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, classicTheme]}
        initialView={VIEWS[view]}
        initialDate={anchor}
        timeZone={APP_TIME_ZONE}
        direction={direction}
        locale={i18n.language === 'ar' ? ARABIC : undefined}
        firstDay={1}
        fixedWeekCount
        headerToolbar={false}
        height={view === 'week' ? 760 : 'auto'}
        eventDisplay="block"
        dayMaxEvents={4}
        allDaySlot={false}
        scrollTime="08:00:00"
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        events={inputs}
        eventClick={open}
        eventContent={(info) => {
          const { event } = info.event.extendedProps as { event: CalendarEvent };
          const hint = t('auctions.calendar.eventHint', {
            title: event.auctionTitle,
            location: event.location.title,
            count: event.vehicleCount,
            status: statusLabel(event.auctionEventStatus),
          });
          return (
            <>
              {info.timeText && <span className={info.timeClass}>{info.timeText}</span>}
              <span className={info.titleClass} title={hint} style={view === 'month' ? wrappedTitle : undefined}>
                {info.event.title}
              </span>
            </>
          );
        }}
      />
    </div>
  );
}
