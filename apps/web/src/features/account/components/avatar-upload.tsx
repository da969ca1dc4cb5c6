import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@portal/contract';
import { Alert, App, Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvatarUrl } from '../api/get-avatar-preview';
import { useUploadAvatar } from '../api/upload-avatar';

const AVATAR_SIZE_PX = 112;
const MAX_MEGABYTES = AVATAR_MAX_BYTES / 1024 / 1024;
const isAllowedType = (type: string) => AVATAR_TYPES.some((allowed) => allowed === type);

/**
 * The avatar with its upload button. Type and size are checked here first (the server checks
 * them again and its message is shown as well); the preview is fetched with the session.
 */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const src = useAvatarUrl(avatar);
  const [problem, setProblem] = useState<string>();
  const upload = useUploadAvatar({
    onSuccess: () => void message.success(t('avatar.uploaded')),
    onError: (error) => setProblem(error.message),
  });

  const check = (file: File) => {
    if (!isAllowedType(file.type)) return t('avatar.wrongType');
    if (file.size > AVATAR_MAX_BYTES) return t('avatar.tooLarge', { max: MAX_MEGABYTES });
    return undefined;
  };

  return (
    <Flex vertical align="center" gap="middle" style={{ flex: '0 0 240px' }}>
      <Typography.Text strong>{t('avatar.title')}</Typography.Text>
      <Avatar
        data-testid="avatar-preview"
        size={AVATAR_SIZE_PX}
        src={src}
        icon={<UserOutlined />}
        alt={t('avatar.alt')}
      />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const refused = check(file);
          setProblem(refused);
          if (!refused) upload.mutate(file);
          // The upload goes through the API client (session, language, errors), never antd's own.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button data-testid="avatar-upload" icon={<UploadOutlined />} loading={upload.isPending}>
          {t('avatar.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('avatar.hint', { max: MAX_MEGABYTES })}
      </Typography.Text>
      {problem && <Alert data-testid="avatar-problem" type="error" showIcon role="alert" title={problem} />}
    </Flex>
  );
}
