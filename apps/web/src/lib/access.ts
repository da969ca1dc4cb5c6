import { ADMIN_TYPE_SUPER, type LoginUser } from '@portal/contract';
import { createContext, createElement, type ReactNode, useContext } from 'react';

/**
 * What a permission check needs to know about the signed-in user, and their id (for rules about
 * the person, such as four eyes: who changed a thing may not approve it).
 */
export type AccessSubject = Pick<LoginUser, 'adminType' | 'permissions'> & { id?: number };

/**
 * Spec 6: a super admin (adminType '1') has every permission; anyone else needs the code in
 * their permission list. No user (signed out, still loading) has none.
 */
export function hasPermission(user: AccessSubject | undefined, code: string): boolean {
  if (!user) return false;
  return user.adminType === ADMIN_TYPE_SUPER || user.permissions.includes(code);
}

/*
 * The signed-in layout provides the user once, so controls deep in a page can check a
 * permission without each feature reaching into the auth feature.
 */
const AccessContext = createContext<AccessSubject | undefined>(undefined);

export function AccessProvider({ user, children }: { user: AccessSubject | undefined; children: ReactNode }) {
  return createElement(AccessContext, { value: user }, children);
}

export function usePermission(code: string): boolean {
  return hasPermission(useContext(AccessContext), code);
}

/** The signed-in user's id; undefined while signed out or loading. */
export function useSignedInUserId(): number | undefined {
  return useContext(AccessContext)?.id;
}

interface AuthorizedProps {
  /** The permission code, e.g. 'firmware:download'. */
  code: string;
  children: ReactNode;
  /** Rendered instead when the permission is missing; nothing by default. */
  fallback?: ReactNode;
}

/** Shows its children only to users holding `code`: hides controls a user may not use. */
export function Authorized({ code, children, fallback = null }: AuthorizedProps) {
  return usePermission(code) ? children : fallback;
}
