import { type PasswordStrength, passwordStrength } from '@portal/contract';
import { Flex, Progress, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVELS: readonly PasswordStrength[] = ['low', 'medium', 'high'];

/** Spec 5: the Low / Medium / High meter under a new password; nothing while it is empty. */
export function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  if (!password) return null;

  const level = passwordStrength(password);
  const color = { low: token.colorError, medium: token.colorWarning, high: token.colorSuccess }[level];
  const filledSteps = LEVELS.indexOf(level) + 1;
  return (
    <Flex data-testid="password-strength" data-level={level} align="center" gap="small" aria-live="polite">
      <Progress
        steps={LEVELS.length}
        percent={(filledSteps * 100) / LEVELS.length}
        showInfo={false}
        strokeColor={color}
        size="small"
      />
      <Typography.Text style={{ color }}>
        {t('password.strength.text', { level: t(`password.strength.${level}`) })}
      </Typography.Text>
    </Flex>
  );
}
