/** What other features may use of tasks: the task forms and the personal center's table. */
export { BundleTaskForm } from './components/bundle-task-form';
export { LivecdTaskForm } from './components/livecd-task-form';
export { TasksTable } from './components/tasks-table';
