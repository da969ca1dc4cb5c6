import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatSize } from '@/lib/format-size';
import { readStored } from '@/lib/storage';
import { useRequestedTool } from '../api/get-tool';
import { ChecksumText } from '../components/checksum-text';
import { DownloadButton } from '../components/download-button';

/**
 * /tools_download: where a token link (or a stored tool request) lands. It offers the newest
 * version of the tool the other system asked for, with its checksums, or says why it cannot.
 */
export function RequestedToolPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  // Read once: the request is a fact of this visit, not something that changes while it is shown.
  const [requested] = useState(() => readStored('requestTool') ?? null);
  const tool = useRequestedTool(requested);
  const browse = (
    <Button onClick={() => navigate(paths.softwareDownload)} data-testid="requested-tool-browse">
      {t('requestedTool.browse')}
    </Button>
  );

  return (
    <Card
      title={t('requestedTool.title')}
      data-testid="requested-tool-page"
      extra={requested ? browse : undefined}
    >
      {!requested && <Empty description={t('requestedTool.none')}>{browse}</Empty>}
      {requested && tool.isLoading && <Skeleton active />}
      {requested && tool.isError && (
        <Alert
          type="warning"
          showIcon
          data-testid="requested-tool-error"
          title={t('requestedTool.unavailable', { tool: requested })}
          description={tool.error.message}
        />
      )}
      {tool.data && (
        <Flex vertical gap="middle" data-testid="requested-tool">
          <div>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {tool.data.item.name}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{tool.data.item.description}</Typography.Paragraph>
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('column.version')}>{tool.data.latest.version}</Descriptions.Item>
            <Descriptions.Item label={t('column.releaseDate')}>
              {tool.data.latest.releaseDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('requestedTool.file')}>
              {tool.data.latest.fileName} ({formatSize(tool.data.latest.fileSize)})
            </Descriptions.Item>
            <Descriptions.Item label="SHA256">
              <ChecksumText value={tool.data.latest.sha256} testId="requested-tool-sha256" />
            </Descriptions.Item>
            <Descriptions.Item label="MD5">
              <ChecksumText value={tool.data.latest.md5} />
            </Descriptions.Item>
          </Descriptions>
          <div>
            <DownloadButton versionId={tool.data.latest.versionId} size="middle" type="primary" />
          </div>
        </Flex>
      )}
    </Card>
  );
}
