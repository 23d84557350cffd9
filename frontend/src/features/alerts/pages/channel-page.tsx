import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignsTab } from '@/features/alerts/components/campaigns-tab';
import { MessagesTab } from '@/features/alerts/components/messages-tab';
import { TemplatesTab } from '@/features/alerts/components/templates-tab';
import { useTabParam } from '@/lib/use-tab-param';
import '@/lib/i18n/strings/alerts';

const TABS = ['messages', 'templates', 'campaigns'] as const;

/**
 * /promotions ('SMS and promotions'), /whatsapp-sms and /emails: one channel's messages, templates and campaigns.
 * The open tab is in the URL (?tab=templates), as are the messages' filters and the message open in the drawer.
 */
export function ChannelPage({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t(`alerts.title.${channel}`)} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'messages', label: t('alerts.tabs.messages'), children: <MessagesTab channel={channel} /> },
          { key: 'templates', label: t('alerts.tabs.templates'), children: <TemplatesTab channel={channel} /> },
          { key: 'campaigns', label: t('alerts.tabs.campaigns'), children: <CampaignsTab channel={channel} /> },
        ]}
      />
    </Flex>
  );
}
