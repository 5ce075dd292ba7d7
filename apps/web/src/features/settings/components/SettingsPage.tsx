import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Grid, Stack } from '@mantine/core';
import { crews, customers, products, rawMaterials, svaCoordinators, vendors } from '@trenchline/domain';
import { useLiveSettings } from '../api/liveSettings';
import { nameOf } from '../catalogLogic';
import { AccountUsersSection } from './AccountUsersSection';
import { BackgroundPictureSection } from './BackgroundPictureSection';
import { CatalogTable } from './CatalogTable';
import { DocumentNumbering } from './DocumentNumbering';
import { accountHistory } from '../historyTargets';
import { HistoryButton, HistoryProvider } from './HistoryProvider';
import { LocateRulesSection } from './LocateRulesSection';
import { NotificationRulesSection } from '../../notifications';
import { How2TipsSection, SettingsTip } from './How2TipsSection';
import { ProductRawMaterials } from './ProductRawMaterials';
import { scrollToSection } from '../sections';
import { SectionBar } from './SectionBar';
import { SettingsSection } from './SettingsSection';
import { AccountActions, SubscriptionSection } from './SubscriptionSection';
import { SvaCodesActions, SvaCodesSection } from './SvaCodesSection';
import { TrainingVideoSection } from './TrainingVideoSection';
import { TimeZoneSection } from './TimeZoneSection';
import { UserActivitiesSection } from './UserActivitiesSection';
import { WebhooksSettings } from './WebhooksSection';

/** The settings tips of the domain's how-to list (HOW2_SECTIONS): numbering, SVA import. */
const TIP_NUMBERS = 6;
const TIP_SVA_IMPORT = 7;

/** /settings/: every account setting on one dense page; every save stays here with its message. */
export function SettingsPage() {
  useLiveSettings();
  const { hash } = useLocation();
  // A link to a section (a getting-started step: /settings/#crews) lands on it.
  useEffect(() => {
    if (hash) scrollToSection(hash.slice(1));
  }, [hash]);
  return (
    <HistoryProvider>
      <Stack gap="xs">
        <SectionBar />
        <Grid gap="xs">
          <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
            <Stack gap="xs">
              <SettingsSection id="background" title="Background picture">
                <BackgroundPictureSection />
              </SettingsSection>
              <SettingsSection id="video" title="Training video">
                <TrainingVideoSection />
              </SettingsSection>
              <SettingsSection id="time-zone" title="Time zone">
                <TimeZoneSection />
              </SettingsSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
            <SettingsSection id="crews" title="Crews">
              <CatalogTable def={crews} maxHeight={420} />
            </SettingsSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <SettingsSection id="numbering" title="Document numbering">
              <SettingsTip id={TIP_NUMBERS} />
              <DocumentNumbering />
            </SettingsSection>
          </Grid.Col>
        </Grid>
        <SettingsSection id="locates" title="Locates">
          <LocateRulesSection />
        </SettingsSection>
        <SettingsSection id="notifications" title="Notifications">
          <NotificationRulesSection />
        </SettingsSection>
        <SettingsSection id="customers" title="Customers">
          <CatalogTable def={customers} />
        </SettingsSection>
        <SettingsSection id="vendors" title="Vendors">
          <CatalogTable def={vendors} />
        </SettingsSection>
        <SettingsSection id="raw-materials" title="Raw materials">
          <CatalogTable def={rawMaterials} />
        </SettingsSection>
        <SettingsSection id="products" title="Products and their raw materials">
          <CatalogTable
            def={products}
            maxHeight={480}
            expandable={{
              label: (name) => `Raw materials of ${name}`,
              render: (row) => <ProductRawMaterials product={row} name={nameOf(products, row)} />,
            }}
          />
        </SettingsSection>
        <SettingsSection id="sva-codes" title="SVA codes" actions={<SvaCodesActions />}>
          <SettingsTip id={TIP_SVA_IMPORT} />
          <SvaCodesSection />
        </SettingsSection>
        <SettingsSection id="coordinators" title="SVA coordinators">
          <CatalogTable def={svaCoordinators} />
        </SettingsSection>
        <Grid gap="xs">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SettingsSection id="subscription" title="Subscription" actions={<AccountActions />}>
              <SubscriptionSection />
            </SettingsSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SettingsSection id="users" title="Account users" actions={<HistoryButton target={accountHistory()} />}>
              <AccountUsersSection />
            </SettingsSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SettingsSection id="tips" title="How-to tips">
              <How2TipsSection />
            </SettingsSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SettingsSection id="activity" title="Recent user app activities">
              <UserActivitiesSection />
            </SettingsSection>
          </Grid.Col>
        </Grid>
        <WebhooksSettings />
      </Stack>
    </HistoryProvider>
  );
}
