import type { Channel } from '@/features/alerts/api/get-messages';
import i18n from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';

export const CHANNELS: readonly Channel[] = ['sms', 'whatsapp', 'email'];

/** The screen of each channel (the sidebar's SMS, WhatsApp SMS and Emails). */
export const CHANNEL_PATH: Record<Channel, string> = { sms: paths.promotions, whatsapp: paths.whatsappSms, email: paths.emails };

/** SMS, WhatsApp, Email. */
export function channelLabel(channel: string): string {
  return (CHANNELS as readonly string[]).includes(channel) ? i18n.t(`alerts.channel.${channel as Channel}`) : channel;
}

/** The opt-out text the server appends to a promotional SMS or WhatsApp message, in each language. */
export const OPT_OUT = { en: 'Reply STOP to opt out', ar: 'للإلغاء أرسل STOP' } as const;

/** Whether a channel's promotions carry the opt-out text and wait for the end of the quiet hours. */
export function isPhoneChannel(channel: Channel): boolean {
  return channel !== 'email';
}
