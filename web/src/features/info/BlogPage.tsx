import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { Page } from '../../ui/Page';
import { formatDay } from '../../lib/time';
import { NewsletterBox } from '../newsletter/NewsletterBox';
import { blogPosts } from './content/blog';
import type { BlogPost } from './content/types';
import { Intro } from './parts';

const text = trInfo.info.blog;

export function BlogPage() {
  const featured = blogPosts.filter((post) => post.featured);
  const rest = blogPosts.filter((post) => !post.featured);
  return (
    <Page title={tr.pages.blog}>
      <Intro>{text.intro}</Intro>
      <section aria-labelledby="blog-featured">
        <SectionTitle id="blog-featured">{text.featured}</SectionTitle>
        <Posts $featured>
          {featured.map((post) => (
            <PostCard key={post.slug} post={post} featured />
          ))}
        </Posts>
      </section>
      <section aria-labelledby="blog-all">
        <SectionTitle id="blog-all">{text.allPosts}</SectionTitle>
        <Posts>
          {rest.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </Posts>
      </section>
      <NewsletterBox />
    </Page>
  );
}

function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <li>
      <Card $featured={featured} aria-labelledby={`post-${post.slug}`}>
        <Meta>
          <CategoryBadge>{post.category}</CategoryBadge>
          <span>{text.readTime(post.readTimeMinutes)}</span>
        </Meta>
        <h3 id={`post-${post.slug}`}>
          <Link to={`/blog/${post.slug}`}>{post.title}</Link>
        </h3>
        <p>{post.excerpt}</p>
        <Byline>{text.byline(post.author, formatDay(post.date))}</Byline>
      </Card>
    </li>
  );
}

/** The post's category as a pill in the theme's accent colour. */
export const CategoryBadge = styled.span`
  display: inline-flex;
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors.accent} 40%, transparent);
  background: color-mix(in srgb, ${({ theme }) => theme.colors.accent} 14%, transparent);
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.78rem;
  font-weight: 700;
`;

const SectionTitle = styled.h2`
  margin-bottom: 0.75rem;
  font-size: 1.25rem;
  font-weight: 800;
`;

const Posts = styled.ul<{ $featured?: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $featured }) => ($featured ? '24rem' : '17rem')}), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.article<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  height: 100%;
  padding: ${({ $featured }) => ($featured ? '1.5rem' : '1.25rem')};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme, $featured }) => ($featured ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h3 { font-size: ${({ $featured }) => ($featured ? '1.3rem' : '1.1rem')}; font-weight: 800; line-height: 1.3; }
  h3 a { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  /* The whole card is the link's target area; the link itself stays the accessible name. */
  h3 a::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
  h3 a:focus-visible { outline: none; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; flex: 1; }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;

const Byline = styled.p`
  font-size: 0.85rem;
`;
