/** Demo and reference data written on first start. Titles in both languages. */

import { daysFrom, seedDay, startOfDay, yearsFrom } from './seed-dates';

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
  // Automation (issue 20). Databases seeded before these get them from migration 0024, which
  // names them as here: change both together.
  ['apiTokens', 'API 令牌', 'API tokens'],
  ['feeds', '订阅源', 'Feeds'],
  ['webhooks', 'Webhook', 'Webhooks'],
];

/** The address of a section: its key in kebab case (apiTokens -> api-tokens). */
const settingsSlug = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const SETTINGS_CHILDREN: MenuSeed[] = SETTINGS_PAGES.map(([key, titleZh, titleEn]) => ({
  name: `settings-${key}`,
  path: `/account/settings/${settingsSlug(key)}`,
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
      name: 'advisories',
      path: '/security/advisories',
      component: 'security/Advisories',
      titleZh: '安全公告',
      titleEn: 'Security advisories',
      icon: 'safety',
    },
    {
      name: 'fleetServers',
      path: '/fleet/servers',
      component: 'fleet/Servers',
      titleZh: '我的服务器',
      titleEn: 'My servers',
      icon: 'cluster',
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
      titleZh: '账号设置',
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
        {
          name: 'sysAdvisories',
          path: '/system/advisories',
          component: 'system/advisories',
          titleZh: '安全公告管理',
          titleEn: 'Advisories',
        },
        {
          name: 'sysFleet',
          path: '/system/fleet',
          component: 'system/fleet',
          titleZh: '客户服务器',
          titleEn: 'Customer fleets',
        },
        // PSIRT pages (issue 43): granted to the psirt role only (PSIRT_MENUS). Databases seeded
        // before get them from migration 0036, which names them as here: change both together.
        {
          name: 'sysPsirt',
          path: '/system/psirt',
          component: 'system/psirt',
          titleZh: 'CRA 报告时限',
          titleEn: 'CRA reporting',
        },
        {
          name: 'sysPsirtReports',
          path: '/system/psirt-reports',
          component: 'system/psirtReports',
          titleZh: '漏洞报告',
          titleEn: 'Vulnerability reports',
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
  ['advisory:write', '编写安全公告', 'Write security advisories'],
  ['advisory:approve', '审核安全公告', 'Approve security advisories'],
  ['psirt:manage', '管理 PSIRT 事项', 'Manage PSIRT cases and reports'],
] as const;

/** The PSIRT's own pages: only the psirt role (and super administrators) get them. */
const PSIRT_MENUS = ['sysPsirt', 'sysPsirtReports'];
const PSIRT_ONLY_PERMISSIONS: readonly string[] = ['psirt:manage'];

export type RoleSeed = {
  code: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  /** Every menu of these applications, but `withoutMenus`. */
  apps: string[];
  withoutMenus?: string[];
  /** Single menus (by name) of other applications. */
  menus?: string[];
  permissions: string[];
};

/** Roles: which applications' menus they grant and which button permissions. */
export const ROLES: RoleSeed[] = [
  {
    code: 'customer',
    nameZh: '客户',
    nameEn: 'Customer',
    descriptionZh: '每个注册账号都有：下载与生成激活码',
    descriptionEn: 'Given to every registered account: downloads and activation codes',
    apps: ['mirror'],
    permissions: ['firmware:download', 'software:download', 'license:generate'],
  },
  {
    code: 'staff',
    nameZh: '员工',
    nameEn: 'Staff',
    descriptionZh: '厂商员工：下载与系统管理应用',
    descriptionEn: 'Vendor staff: the downloads and the system application',
    apps: ['mirror', 'system'],
    withoutMenus: PSIRT_MENUS,
    permissions: PERMISSIONS.map(([code]) => code).filter((code) => !PSIRT_ONLY_PERMISSIONS.includes(code)),
  },
  {
    // Given beside `staff` to the product security team. Same rows as migration 0036 writes into a
    // database seeded before: change both together.
    code: 'psirt',
    nameZh: '产品安全应急响应',
    nameEn: 'PSIRT',
    descriptionZh: '与“员工”角色一同授予产品安全团队：CRA 第 14 条报告与漏洞报告',
    descriptionEn:
      'Given with Staff to the product security team: CRA Art. 14 reporting and vulnerability reports',
    apps: [],
    menus: ['system', ...PSIRT_MENUS],
    permissions: [...PSIRT_ONLY_PERMISSIONS],
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
  releasedAt: Date;
  items: [kind: '1' | '2' | '3', zh: string, en: string][];
};

/** The portal's own version history, for the release-notes dialog: released days before seeding. */
const RELEASE_NOTE_SEEDS: (Omit<ReleaseSeed, 'releasedAt'> & { releasedDaysAgo: number })[] = [
  {
    version: 'v1.0.0',
    releasedDaysAgo: 24,
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
    releasedDaysAgo: 5,
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

/** The portal's release notes as seeded on the day of `now` (midnight UTC, in the past). */
export function demoReleaseNotes(now: Date = new Date()): ReleaseSeed[] {
  const today = seedDay(now);
  return RELEASE_NOTE_SEEDS.map(({ releasedDaysAgo, ...release }) => ({
    ...release,
    releasedAt: startOfDay(daysFrom(today, -releasedDaysAgo)),
  }));
}

export const WELCOME_NOTICE = {
  title: { zh: '欢迎使用服务器固件与软件下载门户', en: 'Welcome to the Server Firmware & Software Portal' },
  content: {
    zh: '您可以在这里下载固件、软件与文档，并在个人中心查看下载记录和任务。',
    en: 'Download firmware, software and documents here; the personal center lists your downloads and tasks.',
  },
};

/** The welcome notice row of a new account (seeded or registered). */
export function welcomeNotice(userId: number) {
  return {
    userId,
    titleZh: WELCOME_NOTICE.title.zh,
    titleEn: WELCOME_NOTICE.title.en,
    contentZh: WELCOME_NOTICE.content.zh,
    contentEn: WELCOME_NOTICE.content.en,
  };
}

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
  /** YYYY-MM-DD, computed from the day of seeding. */
  shipDate: string;
  /** Last day of maintenance (YYYY-MM-DD): `maintenanceYears` after shipping. */
  maintenanceEnd: string;
  pcieParts: string[];
  /** Firmware installed at shipping: kind or PCIe part number -> version. */
  installedFirmware?: Record<string, string>;
};

type SerialDates = {
  /** Shipped this many days before the day of seeding. */
  shippedDaysAgo: number;
  /** Maintenance runs this many years from the ship date (its last day is the day before). */
  maintenanceYears: number;
};

/**
 * Shipped servers: two to the demo customer's company, the others to other customers. Whenever
 * it is seeded, the demo customer's M7 is under maintenance (about 112 days left) and its M6's
 * maintenance ended about a year and a half ago; Northwind's and Contoso's run for years, and
 * Fabrikam's ended some 10 weeks ago.
 */
const SERIAL_SEEDS: (Omit<SerialSeed, 'shipDate' | 'maintenanceEnd'> & SerialDates)[] = [
  {
    sn: 'M7S2U24000101',
    model: 'M7-2U',
    customer: DEMO_COMPANY,
    shippedDaysAgo: 982,
    maintenanceYears: 3,
    pcieParts: ['PN-NIC-25G-2P', 'PN-RAID-9560-8I'],
    installedFirmware: { BMC: '4.0.1', BIOS: '6.0.1', PSU: '1.0.1' },
  },
  {
    sn: 'M6S1U22000417',
    model: 'M6-1U',
    customer: DEMO_COMPANY,
    shippedDaysAgo: 1637,
    maintenanceYears: 3,
    pcieParts: ['PN-NIC-10G-2P'],
    installedFirmware: { BMC: '3.0.1', BIOS: '5.0.1' },
  },
  {
    sn: 'A7S2U25000033',
    model: 'A7-2U',
    customer: 'Northwind Data Center',
    shippedDaysAgo: 685,
    maintenanceYears: 5,
    pcieParts: ['PN-NIC-100G-2P', 'PN-HBA-9500-16I'],
  },
  {
    sn: 'M7S4U24000877',
    model: 'M7-4U',
    customer: 'Contoso Research Institute',
    shippedDaysAgo: 735,
    maintenanceYears: 3,
    pcieParts: ['PN-GPU-A-80G', 'PN-NIC-200G-1P'],
  },
  {
    sn: 'M6S2U21001290',
    model: 'M6-2U',
    customer: 'Fabrikam Bank',
    shippedDaysAgo: 1898,
    maintenanceYears: 5,
    pcieParts: ['PN-RAID-9460-16I'],
  },
];

/** The shipped servers as seeded on the day of `now`. */
export function demoSerialNumbers(now: Date = new Date()): SerialSeed[] {
  const today = seedDay(now);
  return SERIAL_SEEDS.map(({ shippedDaysAgo, maintenanceYears, ...serial }) => {
    const shipDate = daysFrom(today, -shippedDaysAgo);
    return { ...serial, shipDate, maintenanceEnd: daysFrom(yearsFrom(shipDate, maintenanceYears), -1) };
  });
}

/**
 * The shipped servers as seeded today (for tests that read the demo data; a portal seeded
 * today holds exactly these). The seed itself uses {@link demoSerialNumbers} with its `now`.
 */
export const SERIAL_NUMBERS: SerialSeed[] = demoSerialNumbers();

export type EntitlementSeed = {
  contractNo: string;
  customerName: string;
  product: string;
  authorisedNodes: number;
  /** The maintenance end of the server it covers (the first of `serials`). */
  maintenanceEnd: string;
  trial?: boolean;
  trialDays?: number;
  serials: string[];
};

/** Licences of the management platform ('ims-platform'): the demo customer can activate at once. */
const ENTITLEMENT_SEEDS: Omit<EntitlementSeed, 'maintenanceEnd'>[] = [
  {
    contractNo: 'DEMO-IMS-2024-001',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 50,
    serials: ['M7S2U24000101'],
  },
  {
    // Its server's maintenance has ended: activation answers "maintenance expired".
    contractNo: 'DEMO-IMS-2022-007',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 10,
    serials: ['M6S1U22000417'],
  },
  {
    contractNo: 'DEMO-IMS-TRIAL',
    customerName: DEMO_COMPANY,
    product: 'ims-platform',
    authorisedNodes: 100,
    trial: true,
    trialDays: 30,
    serials: ['M7S2U24000101'],
  },
  {
    contractNo: 'NW-IMS-2025-003',
    customerName: 'Northwind Data Center',
    product: 'ims-platform',
    authorisedNodes: 200,
    serials: ['A7S2U25000033'],
  },
];

/** The entitlements as seeded on the day of `now`: maintenance ends with their server's. */
export function demoEntitlements(now: Date = new Date()): EntitlementSeed[] {
  const serials = demoSerialNumbers(now);
  return ENTITLEMENT_SEEDS.map((entitlement) => {
    const server = serials.find((serial) => serial.sn === entitlement.serials[0]);
    if (!server) throw new Error(`entitlement ${entitlement.contractNo} covers no seeded server`);
    return { ...entitlement, maintenanceEnd: server.maintenanceEnd };
  });
}
