import { CheckOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRIMARY_COLOR_PRESETS } from '@/config/console';
import styles from './settings-drawer.module.css';

interface ColorSwatchesProps {
  value: string;
  onChange: (color: string) => void;
}

/** The eight primary colour presets of spec 9; each swatch is named by its translated colour name. */
export function ColorSwatches({ value, onChange }: ColorSwatchesProps) {
  const { t } = useTranslation('settings');
  return (
    <div className={styles.swatches} role="group" aria-label={t('primaryColor.title')}>
      {PRIMARY_COLOR_PRESETS.map(({ key, color }) => {
        const name = t(`primaryColor.${key}`);
        // Stored colours may differ in letter case from the presets (e.g. pasted code).
        const selected = color.toLowerCase() === value.toLowerCase();
        return (
          <Tooltip key={key} title={name}>
            <button
              type="button"
              className={styles.swatch}
              style={{ background: color }}
              aria-label={name}
              aria-pressed={selected}
              data-testid={`setting-color-${color.slice(1).toLowerCase()}`}
              onClick={() => onChange(color)}
            >
              {selected && <CheckOutlined />}
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
