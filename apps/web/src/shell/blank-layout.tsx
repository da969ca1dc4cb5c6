import { Outlet } from 'react-router';
import styles from './blank-layout.module.css';

/** Spec 2: the frame of pages that stand alone, such as the error pages: nothing but the page. */
export function BlankLayout() {
  return (
    <main className={styles.page}>
      <Outlet />
    </main>
  );
}
