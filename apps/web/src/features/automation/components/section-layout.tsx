import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The body of an automation settings section (API tokens, feeds, webhooks): what it is for,
 * then its parts. The intro's test id is `<name>-intro`.
 */
export function SectionWithIntro({
  name,
  intro,
  children,
}: {
  name: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap="large">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid={`${name}-intro`}>
        {intro}
      </Typography.Paragraph>
      {children}
    </Flex>
  );
}

interface TitledPartProps {
  /** The heading's id; unique on the page. */
  id: string;
  title: string;
  /** A line under the heading, when the part needs explaining. */
  intro?: string;
  children: ReactNode;
}

/** One part of a section: a region named by its heading, so screen readers list it as a landmark. */
export function TitledPart({ id, title, intro, children }: TitledPartProps) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
    </section>
  );
}
