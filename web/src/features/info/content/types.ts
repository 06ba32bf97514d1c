/** Shapes of the information pages' content; the texts themselves live in the sibling modules. */

/** A block of running text: a paragraph, or a bulleted list. */
export type TextBlock = string | { list: readonly string[] };

export interface HelpArticle {
  id: string;
  title: string;
  /** One line shown in the list before the dialog opens. */
  summary: string;
  body: readonly TextBlock[];
}

export interface HelpCategory {
  id: string;
  title: string;
  description: string;
  articles: readonly HelpArticle[];
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** Sections of the post; the first usually has no heading. */
  content: readonly { heading?: string; blocks: readonly TextBlock[] }[];
  category: string;
  author: string;
  /** Publication date, ISO yyyy-mm-dd. */
  date: string;
  readTimeMinutes: number;
  tags: readonly string[];
  featured: boolean;
}

export interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly TextBlock[];
}

export interface LegalDocument {
  title: string;
  /** The day this text last changed, ISO yyyy-mm-dd; shown on the page (never today's date). */
  lastChanged: string;
  intro: string;
  sections: readonly LegalSection[];
}
