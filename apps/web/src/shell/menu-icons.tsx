import {
  AppstoreOutlined,
  BookOutlined,
  CloudDownloadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileOutlined,
  HomeOutlined,
  LinkOutlined,
  MenuOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The server names menu icons with the antd v1-style names the old console used ('home',
 * 'cloud-download'); only a known set is bundled, so a menu never pulls the whole icon library.
 */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  'cloud-download': <CloudDownloadOutlined />,
  appstore: <AppstoreOutlined />,
  tool: <ToolOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  menu: <MenuOutlined />,
  book: <BookOutlined />,
  safety: <SafetyOutlined />,
  link: <LinkOutlined />,
  cluster: <ClusterOutlined />,
};

/** The icon of a menu entry; unknown names get a neutral page icon so a collapsed menu still shows something. */
export function menuIcon(name: string | null): ReactNode {
  return (name && ICONS[name]) ?? <FileOutlined />;
}
