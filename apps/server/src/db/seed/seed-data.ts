/** Demo and reference data written on first start. Titles in both languages. */

export const APPLICATIONS = [
  { code: 'mirror', nameZh: '下载中心', nameEn: 'Downloads', sort: 1 },
  { code: 'system', nameZh: '系统管理', nameEn: 'System', sort: 2 },
];

export type MenuSeed = {
  name: string;
  path: string;
  component: string;
  titleZh: string;
  titleEn: string;
  icon?: string;
  show?: boolean;
  hideChildren?: boolean;
  redirect?: string;
  children?: MenuSeed[];
};

const SETTINGS_PAGES: [key: string, titleZh: string, titleEn: string][] = [
  ['base', '基本设置', 'Basic settings'],
  ['security', '安全设置', 'Security settings'],
  ['custom', '个性化', 'Personalisation'],
  ['binding', '账户绑定', 'Account binding'],
  ['notification', '新消息通知', 'New message notification'],
];

const SETTINGS_CHILDREN: MenuSeed[] = SETTINGS_PAGES.map(([key, titleZh, titleEn]) => ({
  name: `settings-${key}`,
  path: `/account/settings/${key}`,
  component: `account/settings/${key}`,
  titleZh,
  titleEn,
  show: false,
}));

export const MENUS: Record<string, MenuSeed[]> = {
  mirror: [
    {
      name: 'homePage',
      path: '/homePage',
      component: 'HomePage',
      titleZh: '首页',
      titleEn: 'Home Page',
      icon: 'home',
    },
    {
      name: 'welcome',
      path: '/welcome',
      component: 'Welcome',
      titleZh: '控制台',
      titleEn: 'Welcome',
      icon: 'dashboard',
    },
    {
      name: 'firmware',
      path: '/mirror/custmirrordownload',
      component: 'mirror/CustMirrorDownload',
      titleZh: '固件下载',
      titleEn: 'Firmware',
      icon: 'cloud-download',
    },
    {
      name: 'software',
      path: '/tools/toolsdownload',
      component: 'tools/ToolsDownload',
      titleZh: '软件下载',
      titleEn: 'Software',
      icon: 'appstore',
    },
    {
      name: 'agile',
      path: '/erp_tool',
      component: 'ErpTool',
      titleZh: '敏捷定制',
      titleEn: 'Agile Customization',
      icon: 'tool',
    },
    {
      name: 'activate',
      path: '/tools/activate',
      component: 'tools/Activate',
      titleZh: '软件激活',
      titleEn: 'Activation',
      icon: 'key',
      // Spec 2 lists the visible menu; activation is the platform's "activate" subpage, linked from there.
      show: false,
    },
    {
      name: 'toolsDownload',
      path: '/tools_download',
      component: 'tools/RequestedTool',
      titleZh: '工具下载',
      titleEn: 'Tool download',
      show: false,
    },
    {
      name: 'center',
      path: '/account/center',
      component: 'account/center',
      titleZh: '个人中心',
      titleEn: 'Personal center',
      show: false,
    },
    {
      name: 'settings',
      path: '/account/settings',
      component: 'account/settings',
      titleZh: '个人设置',
      titleEn: 'Account settings',
      redirect: '/account/settings/security',
      show: false,
      hideChildren: true,
      children: SETTINGS_CHILDREN,
    },
  ],
  system: [
    {
      name: 'system',
      path: '/system',
      component: 'RouteView',
      titleZh: '系统管理',
      titleEn: 'System management',
      icon: 'setting',
      redirect: '/system/user',
      children: [
        {
          name: 'sysUser',
          path: '/system/user',
          component: 'system/user',
          titleZh: '用户管理',
          titleEn: 'Users',
        },
        {
          name: 'sysDashboard',
          path: '/system/dashboard',
          component: 'system/dashboard',
          titleZh: '运营看板',
          titleEn: 'Dashboard',
        },
        {
          name: 'sysRole',
          path: '/system/role',
          component: 'system/role',
          titleZh: '角色管理',
          titleEn: 'Roles',
        },
        {
          name: 'sysMenu',
          path: '/system/menu',
          component: 'system/menu',
          titleZh: '菜单管理',
          titleEn: 'Menus',
        },
        {
          name: 'sysDict',
          path: '/system/dict',
          component: 'system/dict',
          titleZh: '字典管理',
          titleEn: 'Dictionaries',
        },
        {
          name: 'sysOutbox',
          path: '/system/outbox',
          component: 'system/outbox',
          titleZh: '发信记录',
          titleEn: 'Outbox',
        },
        {
          name: 'sysPublishing',
          path: '/system/publishing',
          component: 'system/publishing',
          titleZh: '固件与软件发布',
          titleEn: 'Publishing',
        },
        {
          name: 'sysEntitlement',
          path: '/system/entitlements',
          component: 'system/entitlements',
          titleZh: '授权管理',
          titleEn: 'Entitlements',
        },
        {
          name: 'sysAudit',
          path: '/system/audit',
          component: 'system/audit',
          titleZh: '审计日志',
          titleEn: 'Audit log',
        },
        {
          name: 'sysReleaseNote',
          path: '/system/release-notes',
          component: 'system/releaseNotes',
          titleZh: '门户更新日志',
          titleEn: 'Portal release notes',
        },
      ],
    },
  ],
};

export const PERMISSIONS = [
  ['firmware:download', '下载固件', 'Download firmware'],
  ['software:download', '下载软件', 'Download software'],
  ['license:generate', '生成激活码', 'Generate activation codes'],
  ['firmware:publish', '发布固件', 'Publish firmware'],
  ['sysUser:page', '查询用户', 'List users'],
  ['sysUser:edit', '编辑用户', 'Edit users'],
  ['sysRole:page', '查询角色', 'List roles'],
  ['sysRole:add', '新增角色', 'Add roles'],
  ['sysRole:edit', '编辑角色', 'Edit roles'],
  ['sysRole:delete', '删除角色', 'Delete roles'],
  ['sysRole:grant', '角色授权', 'Grant menus and permissions to roles'],
  ['sysMenu:page', '查询菜单', 'List menus'],
  ['sysMenu:add', '新增菜单', 'Add menus'],
  ['sysMenu:edit', '编辑菜单', 'Edit menus'],
  ['sysMenu:delete', '删除菜单', 'Delete menus'],
  ['sysDict:page', '查询字典', 'List dictionaries'],
  ['sysDict:add', '新增字典', 'Add dictionary entries'],
  ['sysDict:edit', '编辑字典', 'Edit dictionary entries'],
  ['sysDict:delete', '删除字典', 'Delete dictionary entries'],
  ['sysOutbox:page', '查看发信记录', 'Read the mail and SMS outbox'],
  ['license:manage', '管理授权', 'Manage entitlements'],
  ['sysAudit:page', '查看审计日志', 'Read the audit log'],
  ['sysDashboard:page', '查看运营看板', 'Read the dashboard'],
] as const;

/** Roles: which applications' menus they grant and which button permissions. */
export const ROLES = [
  {
    code: 'customer',
    nameZh: '客户',
    nameEn: 'Customer',
    description: 'Given to every registered account: downloads and activation codes',
    apps: ['mirror'],
    permissions: ['firmware:download', 'software:download', 'license:generate'],
  },
  {
    code: 'staff',
    nameZh: '员工',
    nameEn: 'Staff',
    description: 'Vendor staff: the downloads and the system application',
    apps: ['mirror', 'system'],
    permissions: PERMISSIONS.map(([code]) => code),
  },
];

export const INDUSTRIES: [string, string, string][] = [
  ['government', '政府', 'Government'],
  ['politics_law', '政法', 'Politics and law'],
  ['public_security', '公安', 'Public security'],
  ['army', '军队', 'Army'],
  ['enterprise', '企业', 'Enterprise'],
  ['internet', '互联网', 'Internet'],
  ['finance', '金融', 'Finance'],
  ['education', '教育', 'Education'],
  ['engineering', '工程', 'Engineering'],
  ['broadcast', '广电', 'Broadcast'],
  ['service_circulation', '服务流通', 'Service circulation'],
  ['traffic', '交通', 'Traffic'],
  ['energy', '能源', 'Energy'],
  ['communication', '通信', 'Communication'],
  ['other', '其他', 'Other'],
];

type ReleaseSeed = {
  version: string;
  releasedAt: string;
  items: [kind: '1' | '2' | '3', zh: string, en: string][];
};

/** The portal's own version history, for the release-notes dialog. */
export const RELEASE_NOTES: ReleaseSeed[] = [
  {
    version: 'v1.0.0',
    releasedAt: '2026-11-01T00:00:00Z',
    items: [
      [
        '1',
        '账号登录，支持图形验证码与登录失败锁定',
        'Sign-in with image captcha and lockout after repeated failures',
      ],
      ['1', '中英文界面切换', 'Chinese and English interface'],
    ],
  },
  {
    version: 'v1.1.0',
    releasedAt: '2026-11-20T00:00:00Z',
    items: [
      [
        '1',
        '控制台：应用切换、多标签页与个性化设置',
        'Console: application switching, multi-tab bar and display settings',
      ],
      ['2', '首页加载更快', 'Faster first page load'],
      ['3', '修复语言切换后菜单标题未更新的问题', 'Menu titles now follow a language switch'],
    ],
  },
];

export const WELCOME_NOTICE = {
  title: { zh: '欢迎使用服务器固件与软件下载门户', en: 'Welcome to the Server Firmware & Software Portal' },
  content: {
    zh: '您可以在这里下载固件、软件与文档，并在个人中心查看下载记录和任务。',
    en: 'Download firmware, software and documents here; the personal center lists your downloads and tasks.',
  },
};

/** The demo customer's company: serial numbers shipped to it verify at once when bound. */
export const DEMO_COMPANY = 'Demo Cloud Co., Ltd.';

/** [code, family, name zh, name en] */
export const SERVER_MODELS: [string, string, string, string][] = [
  ['M6-1U', 'M6', 'M6 1U 机架服务器', 'M6 1U rack server'],
  ['M6-2U', 'M6', 'M6 2U 机架服务器', 'M6 2U rack server'],
  ['M7-2U', 'M7', 'M7 2U 机架服务器', 'M7 2U rack server'],
  ['M7-4U', 'M7', 'M7 4U GPU 服务器', 'M7 4U GPU server'],
  ['A7-2U', 'A7', 'A7 2U 机架服务器', 'A7 2U rack server'],
];

export type SerialSeed = {
  sn: string;
  model: string;
  customer: string;
  shipDate: string;
  maintenanceEnd: string;
  pcieParts: string[];
  /** Firmware installed at shipping: kind or PCIe part number -> version. */
  installedFirmware?: Record<string, string>;
};

/** Shipped servers: two to the demo customer's company, the others to other customers. */
export const SERIAL_NUMBERS: SerialSeed[] = [
  {
    sn: 'M7S2U24000101',
    model: 'M7-2U',
    customer: DEMO_COMPANY,
    shipDate: '2024-03-18',
    maintenanceEnd: '2027-03-17',
    pcieParts: ['PN-NIC-25G-2P', 'PN-RAID-9560-8I'],
    installedFirmware: { BMC: '4.0.1', BIOS: '6.0.1', PSU: '1.0.1' },
  },
  {
    sn: 'M6S1U22000417',
    model: 'M6-1U',
    customer: DEMO_COMPANY,
    shipDate: '2022-06-02',
    maintenanceEnd: '2025-06-01',
    pcieParts: ['PN-NIC-10G-2P'],
    installedFirmware: { BMC: '3.0.1', BIOS: '5.0.1' },
  },
  {
    sn: 'A7S2U25000033',
    model: 'A7-2U',
    customer: 'Northwind Data Center',
    shipDate: '2025-01-09',
    maintenanceEnd: '2030-01-08',
    pcieParts: ['PN-NIC-100G-2P', 'PN-HBA-9500-16I'],
  },
  {
    sn: 'M7S4U24000877',
    model: 'M7-4U',
    customer: 'Contoso Research Institute',
    shipDate: '2024-11-20',
    maintenanceEnd: '2027-11-19',
    pcieParts: ['PN-GPU-A-80G', 'PN-NIC-200G-1P'],
  },
  {
    sn: 'M6S2U21001290',
    model: 'M6-2U',
    customer: 'Fabrikam Bank',
    shipDate: '2021-09-14',
    maintenanceEnd: '2026-09-13',
    pcieParts: ['PN-RAID-9460-16I'],
  },
];

export type EntitlementSeed = {
  contractNo: string;
  customerName: string;
  product: string;
  authorisedNodes: number;
  maintenanceEnd: string;
  trial?: boolean;
  trialDays?: number;
  serials: string[];
};

/** Licences of the management platform ('ims-platform'): the demo customer can activate at once. */
export const ENTITLEMENTS: EntitlementSeed[] = [
  {
    contractNo: 'DEMO-IMS-2024-001',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 50,
    maintenanceEnd: '2027-03-17',
    serials: ['M7S2U24000101'],
  },
  {
    contractNo: 'DEMO-IMS-2022-007',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 10,
    maintenanceEnd: '2025-06-01',
    serials: ['M6S1U22000417'],
  },
  {
    contractNo: 'DEMO-IMS-TRIAL',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 100,
    maintenanceEnd: '2027-03-17',
    trial: true,
    trialDays: 30,
    serials: ['M7S2U24000101'],
  },
  {
    contractNo: 'NW-IMS-2025-003',
    customerName: 'Northwind Data Center',
    product: 'ims-platform',
    authorisedNodes: 200,
    maintenanceEnd: '2030-01-08',
    serials: ['A7S2U25000033'],
  },
];
