/* The staff pages of the system application, one chunk: staff open them together. */
export { AuditPage } from './audit-page';
export { DashboardPage } from './dashboard-page';
export { DictsPage } from './dicts-page';
export { MenusPage } from './menus-page';
export { RolesPage } from './roles-page';
export { UsersPage } from './users-page';
