import type { FaqFields } from "@/content-models/faq";

/** The answers' rich text, whose page links and embedded blocks the page resolver collects. */
export function faqAnswers(faq: FaqFields): unknown[] {
  return faq.questions.map(({ fields }) => fields.answer);
}
