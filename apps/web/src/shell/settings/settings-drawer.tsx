import { Drawer, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from './choice-buttons';
import { ColorSwatches } from './color-swatches';
import { CopySettingsButton } from './copy-settings-button';
import { type ContentWidth, disabledControls } from './display-settings';
import { useDisplaySettings } from './display-settings-context';
import { SettingRow, SettingSwitchRow } from './setting-row';
import styles from './settings-drawer.module.css';

const DRAWER_WIDTH_PX = 300;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The display settings drawer of spec 2; every change applies and is stored at once. */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation('settings');
  const { settings, update } = useDisplaySettings();
  const disabled = disabledControls(settings);
  const reason = (isDisabled: boolean, text: string) => (isDisabled ? text : undefined);

  return (
    <Drawer title={t('drawer.title')} placement="right" size={DRAWER_WIDTH_PX} open={open} onClose={onClose}>
      <Section title={t('navTheme.title')}>
        <ChoiceButtons
          label={t('navTheme.title')}
          value={settings.navTheme}
          onChange={(navTheme) => update({ navTheme })}
          choices={[
            { value: 'dark', label: t('navTheme.dark'), testId: 'setting-theme-dark' },
            { value: 'light', label: t('navTheme.light'), testId: 'setting-theme-light' },
          ]}
        />
      </Section>
      <Section title={t('primaryColor.title')}>
        <ColorSwatches value={settings.primaryColor} onChange={(primaryColor) => update({ primaryColor })} />
      </Section>
      <Section title={t('layout.title')}>
        <ChoiceButtons
          label={t('layout.title')}
          value={settings.layout}
          onChange={(layout) => update({ layout })}
          choices={[
            { value: 'sidemenu', label: t('layout.sidemenu'), testId: 'setting-layout-sidemenu' },
            { value: 'topmenu', label: t('layout.topmenu'), testId: 'setting-layout-topmenu' },
          ]}
        />
        <SettingRow
          label={t('contentWidth.title')}
          disabledReason={reason(disabled.fluidWidth, t('contentWidth.fluidOnlyInTopMenu'))}
        >
          {(labelId) => (
            <Segmented<ContentWidth>
              size="small"
              aria-labelledby={labelId}
              data-testid="setting-content-width"
              value={settings.contentWidth}
              onChange={(contentWidth) => update({ contentWidth })}
              options={[
                { value: 'Fixed', label: t('contentWidth.fixed') },
                { value: 'Fluid', label: t('contentWidth.fluid'), disabled: disabled.fluidWidth },
              ]}
            />
          )}
        </SettingRow>
        <SettingSwitchRow
          label={t('fixedHeader.title')}
          testId="setting-fixed-header"
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => update({ fixedHeader })}
        />
        <SettingSwitchRow
          label={t('autoHideHeader.title')}
          testId="setting-auto-hide-header"
          checked={settings.autoHideHeader}
          onChange={(autoHideHeader) => update({ autoHideHeader })}
          disabledReason={reason(disabled.autoHideHeader, t('autoHideHeader.needsFixedHeader'))}
        />
        <SettingSwitchRow
          label={t('fixSiderbar.title')}
          testId="setting-fix-siderbar"
          checked={settings.fixSiderbar}
          onChange={(fixSiderbar) => update({ fixSiderbar })}
          disabledReason={reason(disabled.fixSiderbar, t('fixSiderbar.notInTopMenu'))}
        />
      </Section>
      <Section title={t('other.title')}>
        <SettingSwitchRow
          label={t('colorWeak.title')}
          testId="setting-color-weak"
          checked={settings.colorWeak}
          onChange={(colorWeak) => update({ colorWeak })}
        />
        <SettingSwitchRow
          label={t('multiTab.title')}
          testId="setting-multi-tab"
          checked={settings.multiTab}
          onChange={(multiTab) => update({ multiTab })}
        />
      </Section>
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('copy.hint')}
      </Typography.Paragraph>
      <CopySettingsButton />
    </Drawer>
  );
}
