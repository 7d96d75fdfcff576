import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { emailLayout } from "@/src/lib/messages";

/**
 * The brand theme and the frame every e-mail shares. Inline styles only (mail clients drop style sheets),
 * system fonts (no web fonts), no images: every word is text. The colour pairs pass WCAG AA (4.5:1) with
 * room: brand and white 9.9:1, text on surface 16.9:1, muted on surface 8.8:1.
 */
export const THEME = {
  brand: "#5b2a86",
  contrast: "#ffffff",
  accent: "#f2b705",
  surface: "#faf7fd",
  text: "#1d1326",
  muted: "#4f4259",
} as const;

const FONT = "Arial, Helvetica, sans-serif";

const styles = {
  body: { backgroundColor: THEME.surface, color: THEME.text, fontFamily: FONT, margin: 0, padding: "24px 0" },
  container: { backgroundColor: THEME.contrast, maxWidth: "600px", border: `1px solid #e6dcef` },
  header: { backgroundColor: THEME.brand, borderBottom: `4px solid ${THEME.accent}`, padding: "20px 32px" },
  brand: { color: THEME.contrast, fontSize: "22px", fontWeight: "bold", lineHeight: "28px", margin: 0 },
  content: { padding: "8px 32px 16px" },
  heading: { color: THEME.brand, fontSize: "24px", lineHeight: "32px", margin: "24px 0 16px" },
  paragraph: { color: THEME.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  button: {
    backgroundColor: THEME.brand,
    borderRadius: "6px",
    color: THEME.contrast,
    fontSize: "16px",
    fontWeight: "bold",
    padding: "14px 24px",
  },
  buttonRow: { margin: "8px 0 24px" },
  list: { color: THEME.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", paddingLeft: "24px" },
  footer: { backgroundColor: THEME.surface, borderTop: "1px solid #e6dcef", padding: "16px 32px" },
  responsible: {
    color: THEME.text,
    fontSize: "14px",
    fontWeight: "bold",
    lineHeight: "20px",
    margin: "0 0 8px",
  },
  footerText: { color: THEME.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 8px" },
  footerLink: { color: THEME.brand, textDecoration: "underline" },
  link: { color: THEME.brand, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/** The frame: header with the name, the heading and body, and the footer (with the unsubscribe link when given). */
export function EmailLayout({
  preview,
  heading,
  unsubscribeUrl,
  children,
}: {
  preview: string;
  heading: string;
  unsubscribeUrl?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="nl">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{heading}</title>
      </Head>
      <Body style={styles.body}>
        <Preview>{preview}</Preview>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{emailLayout.brand}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={styles.footer}>
            <Text style={styles.responsible}>{emailLayout.playResponsibly}</Text>
            <Text style={styles.footerText}>{emailLayout.footer}</Text>
            {unsubscribeUrl ? (
              <Text style={styles.footerText}>
                {emailLayout.marketingReason}{" "}
                <Link href={unsubscribeUrl} style={styles.footerLink}>
                  {emailLayout.unsubscribe}
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** `Beste Sanne,` */
export function Greeting({ firstName }: { firstName: string }) {
  return <Paragraph>{emailLayout.greeting(firstName)}</Paragraph>;
}

/** The closing line and the name under it (`Met vriendelijke groet,` unless another closing is given). */
export function SignOff({ closing = emailLayout.regards }: { closing?: string }) {
  return (
    <Text style={styles.paragraph}>
      {closing}
      <br />
      {emailLayout.brand}
    </Text>
  );
}

/** A call to action: a link styled as a button, its label saying where it goes. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={styles.buttonRow}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul style={styles.list}>
      {items.map((item, index) => (
        // Lines may repeat (two items described alike); their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
