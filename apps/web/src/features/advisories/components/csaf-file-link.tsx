import type { AdvisoryTlp } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { csafFilePathOf } from '@/config/paths';
import type { CsafFile } from '../utils/csaf-file-link';

interface Props {
  advisoryId: string;
  tlp: AdvisoryTlp;
  file: CsafFile;
  /** The file's own path, public for TLP:WHITE. */
  path: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link to one CSAF file of the advisory. TLP:WHITE: the public file itself. GREEN or AMBER:
 * the console's page of that file (csaf-file-page.tsx), which asks for a ticket and opens the
 * file however the link is followed (a click, a new tab, a copied address), so that no ticket is
 * ever in this page.
 */
export function CsafFileLink({ advisoryId, tlp, file, path, testId, children }: Props) {
  if (tlp === 'WHITE')
    return (
      <a href={path} data-testid={testId}>
        {children}
      </a>
    );
  return (
    <Link to={csafFilePathOf(advisoryId, file)} data-testid={testId}>
      {children}
    </Link>
  );
}
