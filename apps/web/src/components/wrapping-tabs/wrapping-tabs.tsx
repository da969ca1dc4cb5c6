import { Tabs, type TabsProps } from 'antd';
import styles from './wrapping-tabs.module.css';

/**
 * antd's Tabs whose tabs go on to a second line when one is too narrow (a phone), instead of
 * antd's "···" menu of the tabs that did not fit: every tab stays in sight, one tap away, and
 * that menu's button, which antd puts inside the role="tablist" where only tabs belong (axe
 * aria-required-children, critical), never shows. For a bar of many tabs, as subpages.
 */
export function WrappingTabs({ className, ...props }: TabsProps) {
  return <Tabs {...props} className={className ? `${styles.tabs} ${className}` : styles.tabs} />;
}
