import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { trInfo } from '../../i18n/tr-info';
import { Page } from '../../ui/Page';
import { formatDay } from '../../lib/time';
import { NewsletterBox } from '../newsletter/NewsletterBox';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { CategoryBadge } from './BlogPage';
import { findBlogPost } from './content/blog';
import { Prose, TextBlocks } from './parts';

const text = trInfo.info.blog;

/** /blog/:slug — one post; a slug that does not exist is the not-found page. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = findBlogPost(slug);
  if (!post) return <NotFoundPage />;
  return (
    <Article>
      <Back to="/blog">← {text.backToBlog}</Back>
      <Page title={post.title}>
        <Meta>
          <CategoryBadge>{post.category}</CategoryBadge>
          <span>{text.byline(post.author, formatDay(post.date))}</span>
          <span>{text.readTime(post.readTimeMinutes)}</span>
        </Meta>
        <Lead>{post.excerpt}</Lead>
        <Prose>
          {post.content.map((section, index) => (
            <section key={section.heading ?? index}>
              {section.heading ? <h2>{section.heading}</h2> : null}
              <Prose>
                <TextBlocks blocks={section.blocks} />
              </Prose>
            </section>
          ))}
        </Prose>
        <Tags aria-label={text.tagsLabel}>
          {post.tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </Tags>
        <NewsletterBox />
      </Page>
    </Article>
  );
}

const Article = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  max-width: 46rem;
`;

const Back = styled(Link)`
  align-self: flex-start;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  text-decoration: none;

  &:hover { color: ${({ theme }) => theme.colors.text}; text-decoration: underline; }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Lead = styled.p`
  font-size: 1.1rem;
  line-height: 1.6;
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0.15rem 0.6rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8rem;
  }
`;
