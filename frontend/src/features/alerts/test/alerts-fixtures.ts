import type { CampaignOptions } from '@/features/alerts/api/get-campaign-options';
import type { Campaign, CampaignList } from '@/features/alerts/api/get-campaigns';
import type { MessageDetail } from '@/features/alerts/api/get-message';
import type { Message, MessageList } from '@/features/alerts/api/get-messages';
import type { Template } from '@/features/alerts/api/get-templates';

/** The SMS telling Aisha (English) that her registration was approved, delivered. */
export function messageOut(overrides: Partial<Message> = {}): Message {
  return {
    _id: 'a1',
    channel: 'sms',
    origin: 'event',
    event: 'memberApproved',
    campaignId: null,
    memberId: 'm1',
    recipient: '+971506667701',
    recipientName: 'Aisha Member1',
    language: 'en',
    subject: null,
    snippet: 'Gavel: Hello Aisha, your registration has been approved.',
    status: 'delivered',
    attempts: 1,
    nextAttemptAt: null,
    provider: 'local',
    lastError: null,
    attachmentKind: null,
    attachmentId: null,
    sentAt: '2031-05-01T06:00:05Z',
    deliveredAt: '2031-05-01T06:00:06Z',
    readAt: null,
    failedAt: null,
    cancelledAt: null,
    createdAt: '2031-05-01T06:00:00Z',
    ...overrides,
  };
}

/** Aisha's delivered SMS, an Arabic one that failed, a queued promotion. */
export const threeMessages: Message[] = [
  messageOut(),
  messageOut({
    _id: 'a2',
    memberId: 'm2',
    recipient: '+971506667702',
    recipientName: 'Khalid Member2',
    language: 'ar',
    snippet: 'Gavel: مرحباً Khalid، تمت الموافقة على تسجيلك.',
    status: 'failed',
    lastError: 'The number is not a mobile number',
    deliveredAt: null,
    failedAt: '2031-05-01T06:01:00Z',
  }),
  messageOut({ _id: 'a3', origin: 'campaign', event: null, campaignId: 'c1', status: 'queued', snippet: 'Classic cars this Thursday', deliveredAt: null, sentAt: null }),
];

export function messageList(data: Message[]): MessageList {
  return {
    data,
    totalPages: 1,
    currentPage: 1,
    totalMatching: data.length,
    counts: { queued: 1, sending: 0, sent: 0, delivered: 1, read: 0, failed: 1, cancelled: 0 },
  };
}

export function messageDetail(overrides: Partial<MessageDetail> = {}): MessageDetail {
  const base = threeMessages[1]!;
  return {
    ...base,
    body: 'Gavel: مرحباً Khalid، تمت الموافقة على تسجيلك. يمكنك الآن المشاركة في مزاداتنا.',
    bodyHtml: null,
    templateId: 't1',
    providerMessageId: null,
    whatsappTemplate: null,
    templateParams: null,
    sms: { encoding: 'UCS-2', characters: 75, units: 75, segments: 2, perSegment: 67, remaining: 59 },
    timeline: [
      { at: '2031-05-01T06:00:00Z', status: 'queued', detail: 'Written' },
      { at: '2031-05-01T06:01:00Z', status: 'failed', detail: 'The number is not a mobile number' },
    ],
    ...overrides,
  };
}

export function template(overrides: Partial<Template> = {}): Template {
  return {
    _id: 't1',
    event: 'memberApproved',
    channel: 'sms',
    name: 'Member approved',
    subjectEn: null,
    subjectAr: null,
    bodyEn: '{{ business.name }}: Hello {{ member.firstName }}, your registration has been approved.',
    bodyAr: '{{ business.name }}: مرحباً {{ member.firstName }}، تمت الموافقة على تسجيلك.',
    whatsappTemplateName: null,
    updatedAt: '2031-05-01T06:00:00Z',
    description: 'A registration is approved (review to approved); to the member',
    variables: [
      { name: 'member.firstName', description: 'First name' },
      { name: 'business.name', description: "The business's legal name" },
    ],
    ...overrides,
  };
}

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    _id: 'c1',
    channel: 'sms',
    name: 'Classic cars',
    templateId: null,
    subjectEn: null,
    subjectAr: null,
    bodyEn: 'Hello {{ member.firstName }}, classic cars this Thursday.',
    bodyAr: 'مرحباً {{ member.firstName }}، سيارات كلاسيكية هذا الخميس.',
    audience: { memberType: 'buyer', memberEntity: null, sellerType: null, securityPlan: null, status: 'approved' },
    sendAt: '2031-05-01T06:00:00Z',
    status: 'sending',
    recipientCount: 4,
    queuedCount: 4,
    startedAt: '2031-05-01T06:00:00Z',
    finishedAt: null,
    cancelledAt: null,
    createdAt: '2031-05-01T05:59:00Z',
    updatedAt: '2031-05-01T06:00:00Z',
    results: { written: 4, waiting: 2, sent: 2, delivered: 1, read: 0, failed: 0, cancelled: 0, optedOut: 0, percent: 50 },
    ...overrides,
  };
}

export function campaignList(data: Campaign[]): CampaignList {
  const counts = { draft: 0, scheduled: 0, queueing: 0, sending: 0, done: 0, cancelled: 0 };
  data.forEach((entry) => (counts[entry.status] += 1));
  return { data, totalPages: 1, currentPage: 1, totalMatching: data.length, counts };
}

/** Every channel ready: SMS from AD-GAVEL with the default opt-out texts, WhatsApp through Meta, quiet 21:00 to 08:00. */
export function campaignOptions(overrides: Partial<CampaignOptions> = {}, channels: Partial<CampaignOptions['channels']> = {}): CampaignOptions {
  return {
    quietFrom: '21:00',
    quietUntil: '08:00',
    ...overrides,
    channels: {
      sms: { ready: true, reason: null, sender: 'AD-GAVEL', optOutEn: 'To opt out send B AD-GAVEL to 7726', optOutAr: 'لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726' },
      whatsapp: { ready: true, reason: null, provider: 'meta' },
      email: { ready: true, reason: null },
      ...channels,
    },
  };
}
