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

/** Whether a channel's promotions wait for the end of the quiet hours (SMS and WhatsApp). */
export function isPhoneChannel(channel: Channel): boolean {
  return channel !== 'email';
}

/**
 * Whether the server appends the opt-out text of Settings → Business to a channel's promotions: SMS only (an
 * approved WhatsApp template carries its own opt-out; an email its unsubscribe link).
 */
export function carriesOptOut(channel: Channel): boolean {
  return channel === 'sms';
}

/** A promotional SMS as the server writes it: the text, a line break, the opt-out text in the member's language. */
export function withOptOut(body: string, optOut: string): string {
  return `${body}\n${optOut}`;
}
