import { UserOutlined } from '@ant-design/icons';
import { type ComponentProps, Suspense, useState } from 'react';
import { lazyWithAntd } from '@/app/lazy-element';
import styles from './basic-layout.module.css';
import iconButton from './icon-button.module.css';
import { useFirstInteraction } from './use-first-interaction';
import type { UserMenuProps } from './user-menu';

/** The dropdown (antd's Dropdown and Menu) loads on the reader's first interaction (use-first-interaction.ts). */
const UserMenu = lazyWithAntd(() => import('./user-menu').then((m) => m.UserMenu));

/**
 * The header's user button. Until the dropdown's code is there it is drawn in plain markup, the
 * same avatar and name; a click on it then loads the dropdown, which opens as soon as it is in.
 */
export function UserMenuButton(props: Omit<UserMenuProps, 'initiallyOpen'>) {
  const interacted = useFirstInteraction();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <UserButton
      userName={props.userName}
      avatarSrc={props.avatarSrc}
      aria-busy={wanted || undefined}
      onClick={() => setWanted(true)}
    />
  );
  if (!interacted && !wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu {...props} initiallyOpen={wanted} />
    </Suspense>
  );
}

type UserButtonProps = ComponentProps<'button'> & { userName: string; avatarSrc: string | undefined };

/**
 * The avatar and the user's name, as a button that opens a menu: the placeholder above and the
 * dropdown's trigger (user-menu.tsx). Named by the name it shows, not by a label (WCAG 2.5.3).
 */
export function UserButton({ userName, avatarSrc, className, ...button }: UserButtonProps) {
  // antd's Dropdown gives its trigger a class of its own: kept beside ours, not instead of it.
  const classes = className ? `${iconButton.button} ${className}` : iconButton.button;
  return (
    <button type="button" data-testid="user-menu" aria-haspopup="menu" {...button} className={classes}>
      {/* antd's small Avatar: the user's picture, or the generic icon on grey. */}
      <span className={styles.avatar} data-testid="user-avatar" aria-hidden>
        {avatarSrc ? <img src={avatarSrc} alt="" /> : <UserOutlined />}
      </span>
      <span className={styles.userName} data-testid="current-user">
        {userName}
      </span>
    </button>
  );
}
